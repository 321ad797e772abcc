/**
 * /api/greader: the Google Reader API as Miniflux and FreshRSS serve it (docs/api-access.md).
 * Not part of /api/openapi.json: its answers are Google Reader's (plain text, JSON, Atom), not
 * the `{code, data}` envelope. Signed in with `Authorization: GoogleLogin auth=<token>`, an API
 * token from ClientLogin; every POST also carries the `T` edit token.
 */
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../lib/context.ts'
import { AppError } from '../../lib/appError.ts'
import type { TokenOwner } from '../apiTokens/service.ts'
import { atomFeed, itemJson } from './present.ts'
import type { GreaderService, StreamParams } from './service.ts'

type GreaderEnv = AppEnv & { Variables: AppEnv['Variables'] & { greader: { owner: TokenOwner; token: string }; params: URLSearchParams } }

/** Query and form body, as one list of parameters (repeated names kept). */
async function paramsOf(c: Context<GreaderEnv>): Promise<URLSearchParams> {
  const params = new URLSearchParams(new URL(c.req.url).search)
  if (c.req.method === 'POST') {
    const type = c.req.header('content-type') ?? ''
    if (type.includes('application/x-www-form-urlencoded') || type === '') {
      for (const [k, v] of new URLSearchParams(await c.req.text())) params.append(k, v)
    }
  }
  return params
}

const intParam = (v: string | null) => (v !== null && /^-?\d{1,20}$/.test(v) ? Number(v) : undefined)

function streamParams(params: URLSearchParams, streamId: string): StreamParams {
  return {
    streamId,
    n: intParam(params.get('n')),
    oldestFirst: params.get('r') === 'o',
    continuation: params.get('c') ?? undefined,
    exclude: params.getAll('xt'),
    include: params.getAll('it'),
    olderThan: intParam(params.get('ot')),
    newerThan: intParam(params.get('nt')),
  }
}

/** The stream id after a path prefix (it may be percent-encoded, slashes included). */
function streamIdAfter(c: Context<GreaderEnv>, marker: string): string {
  const path = new URL(c.req.url).pathname
  const at = path.indexOf(marker)
  const raw = at >= 0 ? path.slice(at + marker.length) : ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

const unauthorized = (c: Context<GreaderEnv>) => c.text('Unauthorized', 401)

export function greaderRoutes({ greader }: { greader: GreaderService }) {
  const app = new Hono<GreaderEnv>()

  app.onError((error, c) => {
    if (error instanceof AppError) return c.text(`Error=${error.reason ?? error.message}`, error.status === 500 ? 500 : 400)
    throw error
  })

  // ClientLogin: Email + an API token as Passwd → SID/LSID/Auth (the token itself).
  app.on(['GET', 'POST'], '/accounts/ClientLogin', async (c) => {
    const params = await paramsOf(c)
    const login = await greader.clientLogin(params.get('Email') ?? '', params.get('Passwd') ?? '')
    if (!login) return c.text('Error=BadAuthentication\n', 401)
    greader.touch(login.owner, c.req.header('user-agent') ?? null)
    const body = `SID=${login.token}\nLSID=${login.token}\nAuth=${login.token}\n`
    return params.get('output') === 'json' ? c.json({ SID: login.token, LSID: login.token, Auth: login.token }) : c.text(body)
  })

  // Everything else: the GoogleLogin header; POSTs also the T token.
  app.use('/reader/*', async (c, next) => {
    const auth = await greader.authenticate(c.req.header('authorization'))
    if (!auth) return unauthorized(c)
    c.set('greader', auth)
    c.set('user', auth.owner.user)
    greader.touch(auth.owner, c.req.header('user-agent') ?? null)
    const params = await paramsOf(c)
    c.set('params', params)
    if (c.req.method === 'POST' && !c.req.path.endsWith('/reader/api/0/token') && params.get('T') !== greader.editToken(auth.token)) {
      c.header('X-Reader-Google-Bad-Token', 'true')
      return unauthorized(c)
    }
    await next()
  })

  const api = new Hono<GreaderEnv>()
  const userOf = (c: Context<GreaderEnv>) => c.get('greader').owner.user

  api.on(['GET', 'POST'], '/token', (c) => c.text(`${greader.editToken(c.get('greader').token)}\n`))

  api.get('/user-info', (c) => {
    const user = userOf(c)
    return c.json({ userId: user.id, userName: user.name, userProfileId: user.id, userEmail: user.email, isBloggerUser: false, signupTimeSec: 0, isMultiLoginEnabled: false })
  })

  api.get('/subscription/list', async (c) => c.json({ subscriptions: await greader.subscriptionList(userOf(c).id) }))

  api.post('/subscription/edit', async (c) => {
    const p = c.get('params')
    const streams = p.getAll('s')
    if (streams.length === 0) throw new AppError(4, { reason: 'Give s' })
    await greader.editSubscription(userOf(c), { action: p.get('ac') ?? 'edit', streams, title: p.get('t') ?? undefined, add: p.get('a') ?? undefined, remove: p.get('r') ?? undefined })
    return c.text('OK')
  })

  api.post('/subscription/quickadd', async (c) => {
    const query = c.get('params').get('quickadd')
    if (!query) throw new AppError(4, { reason: 'Give quickadd' })
    try {
      return c.json(await greader.quickAdd(userOf(c), query))
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return c.json({ numResults: 0, query, error: error.reason ?? error.message })
    }
  })

  api.get('/subscription/export', async (c) => {
    c.header('Content-Type', 'text/x-opml; charset=utf-8')
    return c.body(await greader.exportOpml(userOf(c).id))
  })

  api.post('/subscription/import', async (c) => {
    const text = await c.req.text()
    const count = await greader.importOpml(userOf(c), text)
    return c.text(`OK: ${count}`)
  })

  api.get('/tag/list', async (c) => c.json({ tags: await greader.tagList(userOf(c).id) }))

  api.post('/rename-tag', async (c) => {
    const p = c.get('params')
    await greader.renameTag(userOf(c).id, p.get('s') ?? p.get('t') ?? '', p.get('dest') ?? '')
    return c.text('OK')
  })

  api.post('/disable-tag', async (c) => {
    const p = c.get('params')
    await greader.disableTag(userOf(c).id, p.get('s') ?? p.get('t') ?? '')
    return c.text('OK')
  })

  api.get('/unread-count', async (c) => c.json(await greader.unreadCounts(userOf(c).id)))

  api.get('/stream/items/ids', async (c) => {
    const p = c.get('params')
    return c.json(await greader.itemIds(userOf(c).id, streamParams(p, p.get('s') ?? '')))
  })

  api.on(['GET', 'POST'], '/stream/items/contents', async (c) => {
    const user = userOf(c)
    const items = await greader.itemsByIds(user.id, c.get('params').getAll('i'))
    return c.json({ id: 'user/-/state/com.google/reading-list', updated: Math.floor(Date.now() / 1000), items: items.map((i) => itemJson(i, user.id)) })
  })

  const streamContents = async (c: Context<GreaderEnv>) => {
    const user = userOf(c)
    const p = c.get('params')
    const streamId = streamIdAfter(c, '/stream/contents/') || (p.get('s') ?? 'user/-/state/com.google/reading-list')
    const page = await greader.streamItems(user.id, streamParams(p, streamId))
    return c.json({
      direction: 'ltr',
      id: streamId,
      title: page.title,
      self: [{ href: c.req.url }],
      updated: Math.floor(Date.now() / 1000),
      items: page.items.map((i) => itemJson(i, user.id)),
      ...(page.continuation ? { continuation: page.continuation } : {}),
    })
  }
  api.get('/stream/contents', streamContents)
  api.get('/stream/contents/*', streamContents)

  api.post('/edit-tag', async (c) => {
    const p = c.get('params')
    await greader.editTag(userOf(c).id, p.getAll('i'), p.getAll('a'), p.getAll('r'))
    return c.text('OK')
  })

  api.post('/mark-all-as-read', async (c) => {
    const p = c.get('params')
    await greader.markAllAsRead(userOf(c).id, p.get('s') ?? '', intParam(p.get('ts')))
    return c.text('OK')
  })

  app.route('/reader/api/0', api)

  // The Atom form of a stream, as Google Reader and FeedHQ served it.
  app.get('/reader/atom/*', async (c) => {
    const user = userOf(c)
    const streamId = streamIdAfter(c, '/reader/atom/') || 'user/-/state/com.google/reading-list'
    const page = await greader.streamItems(user.id, streamParams(c.get('params'), streamId))
    c.header('Content-Type', 'application/atom+xml; charset=utf-8')
    return c.body(atomFeed({ streamId, title: page.title, selfUrl: c.req.url, userId: user.id, items: page.items, continuation: page.continuation }))
  })

  app.all('*', (c) => c.text('Not found', 404))
  return app
}
