/**
 * /api/fever/?api: the Fever API (docs/api-access.md). Every answer is JSON with `api_version` and
 * `auth` — `auth: 0` for a missing, malformed or wrong api_key, never an HTML page. Ids are 64-bit
 * numbers written as JSON numbers (beyond JavaScript's safe integers, so the JSON is written here).
 */
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../lib/context.ts'
import { AppError } from '../../lib/appError.ts'
import type { FeverService } from './service.ts'

export const FEVER_API_VERSION = 3

/** Keys whose values are numeric ids: written as bare JSON numbers. */
const ID_KEYS = new Set(['id', 'feed_id', 'group_id', 'favicon_id'])

/** JSON with id strings as numbers (64-bit ids do not fit a JavaScript number). */
export function feverJson(value: unknown): string {
  const MARK = '\u0001n:'
  const text = JSON.stringify(value, (key, v) => (ID_KEYS.has(key) && typeof v === 'string' && /^\d{1,19}$/.test(v) ? MARK + v : v))
  return text.replace(/"\\u0001n:(\d+)"/g, '$1')
}

async function paramsOf(c: Context<AppEnv>): Promise<URLSearchParams> {
  const params = new URLSearchParams(new URL(c.req.url).search)
  if (c.req.method === 'POST') {
    const type = c.req.header('content-type') ?? ''
    if (type.includes('multipart/form-data')) {
      const form = await c.req.formData().catch(() => null)
      for (const [k, v] of form ?? []) if (typeof v === 'string') params.append(k, v)
    } else {
      for (const [k, v] of new URLSearchParams(await c.req.text())) params.append(k, v)
    }
  }
  return params
}

export function feverRoutes({ fever }: { fever: FeverService }) {
  const app = new Hono<AppEnv>()
  const answer = (c: Context<AppEnv>, body: Record<string, unknown>) => {
    c.header('Content-Type', 'application/json; charset=utf-8')
    return c.body(feverJson({ api_version: FEVER_API_VERSION, ...body }))
  }

  app.all('*', async (c) => {
    const params = await paramsOf(c)
    const owner = await fever.authenticate(params.get('api_key') ?? undefined)
    if (!owner) return answer(c, { auth: 0 })
    fever.touch(owner, c.req.header('user-agent') ?? null)
    const userId = owner.user.id
    const out: Record<string, unknown> = { auth: 1, last_refreshed_on_time: Math.floor(Date.now() / 1000) }
    try {
      const mark = params.get('mark')
      if (mark) {
        const changed = await fever.mark(userId, { mark, as: params.get('as') ?? '', id: params.get('id') ?? '', before: params.get('before') ?? undefined })
        if (changed === 'read') Object.assign(out, await fever.unreadItemIds(userId))
        if (changed === 'saved') Object.assign(out, await fever.savedItemIds(userId))
      }
      if (params.has('groups')) Object.assign(out, await fever.groups(userId))
      if (params.has('feeds')) Object.assign(out, await fever.feeds(userId))
      if (params.has('favicons')) Object.assign(out, await fever.favicons(userId))
      if (params.has('items')) Object.assign(out, await fever.items(userId, { sinceId: params.get('since_id') ?? undefined, maxId: params.get('max_id') ?? undefined, withIds: params.get('with_ids') ?? undefined }))
      if (params.has('links')) out.links = []
      if (params.has('unread_item_ids')) Object.assign(out, await fever.unreadItemIds(userId))
      if (params.has('saved_item_ids')) Object.assign(out, await fever.savedItemIds(userId))
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      out.error = error.reason ?? error.message
    }
    return answer(c, out)
  })
  return app
}
