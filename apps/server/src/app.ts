/** Builds the Hono app: context, limits, sessions, each domain's router under /api, auth, the web app. */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import crypto from 'node:crypto'
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { serveStatic } from '@hono/node-server/serve-static'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { AppDeps } from './deps.ts'
import { REFERRAL_HEADER } from '@brook/shared'
import { CLIENT_IP_HEADER, INVITATION_HEADER } from './auth/createAuth.ts'
import type { AppEnv, SessionUser } from './lib/context.ts'
import { onError } from './lib/onError.ts'
import { AppError } from './lib/appError.ts'
import { FETCHING_ROUTES } from './lib/rateLimit.ts'
import { answerGuard, withSharedAnswers, type ApiDocument } from './lib/apiDocument.ts'
import { FLAG_GATES, isGated } from './lib/flagGates.ts'
import { apiReferenceRoutes } from './lib/apiReference.ts'
import { createSessionCache, credentialOf } from './lib/sessionCache.ts'
import { idempotency } from './domains/idempotency/middleware.ts'
import { toIso } from './lib/time.ts'
import { statusRoutes } from './domains/status/routes.ts'
import { probesRoutes } from './domains/probes/routes.ts'
import { feedsRoutes } from './domains/feeds/routes.ts'
import { subscriptionsRoutes } from './domains/subscriptions/routes.ts'
import { categoriesRoutes } from './domains/categories/routes.ts'
import { entriesRoutes } from './domains/entries/routes.ts'
import { readsRoutes } from './domains/reads/routes.ts'
import { collectionsRoutes } from './domains/collections/routes.ts'
import { listsRoutes } from './domains/lists/routes.ts'
import { inboxesRoutes } from './domains/inboxes/routes.ts'
import { settingsRoutes } from './domains/settings/routes.ts'
import { actionsRoutes } from './domains/actions/routes.ts'
import { integrationsRoutes } from './domains/integrations/routes.ts'
import { profilesRoutes } from './domains/profiles/routes.ts'
import { uploadsRoutes } from './domains/uploads/routes.ts'
import { discoverRoutes, feedCategoryRoutes } from './domains/discover/routes.ts'
import { analyticsRoutes } from './domains/analytics/routes.ts'
import { rsshubDiscoverRoutes, rsshubRoutes } from './domains/rsshub/routes.ts'
import { plansRoutes } from './domains/plans/routes.ts'
import { invitationsRoutes } from './domains/invitations/routes.ts'
import { referralsRoutes } from './domains/referrals/routes.ts'
import { accountRoutes } from './domains/referrals/accountRoutes.ts'
import { accountExportRoutes, deleteUserRoutes } from './domains/account/routes.ts'
import { signInProvidersOf } from './domains/status/signInProviders.ts'
import { adminRoutes } from './domains/admin/routes.ts'
import { achievementsRoutes } from './domains/achievements/routes.ts'
import { featureFlagsRoutes } from './domains/featureFlags/routes.ts'
import { apiTokensRoutes } from './domains/apiTokens/routes.ts'
import { messagingRoutes } from './domains/messaging/routes.ts'
import { greaderRoutes } from './domains/greader/routes.ts'
import { feverRoutes } from './domains/fever/routes.ts'
import { websubRoutes } from './domains/websub/routes.ts'
import { TOKEN_PREFIX } from './domains/apiTokens/service.ts'
import { searchRoutes } from './domains/search/routes.ts'
import { listDiscoveryRoutes, trendingRoutes, dataRoutes } from './domains/trending/routes.ts'
import { aiRoutes } from './domains/ai/routes.ts'
import { walletsRoutes } from './domains/wallets/routes.ts'
import { boostsRoutes } from './domains/boosts/routes.ts'
import { feedClaimRoutes } from './domains/feeds/claimRoutes.ts'

const API_DESCRIPTION = [
  'Every answer is `{code: 0, data}` or, on failure, `{code, message, reason?, data?}` with the HTTP status of its code.',
  'Each error answer lists the catalogue codes it may carry under `x-error-codes` (SPEC §8).',
  'Sign in through `/api/auth/*` (better-auth): a session cookie, or `Authorization: Bearer <token>`.',
  'Changes may carry an `Idempotency-Key` header: a retry with the same key gets the first answer again.',
].join('\n\n')

/** Paths that take uploads and so get the larger body cap. */
const UPLOAD_PATHS = ['/api/upload/', '/api/subscriptions/import', '/api/subscriptions/parse-opml', '/api/lists/import', '/api/inboxes/email']


const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist')

function header(c: { req: { header(name: string): string | undefined } }, name: string): string | null {
  const v = c.req.header(name)
  return v ? v.slice(0, 200) : null
}

export type AppOptions = {
  /**
   * Test servers: an error answer whose code the route's description does not list becomes a 500
   * saying so, so every test that meets one fails (lib/apiDocument.ts, docs/architecture.md).
   */
  checkAnswers?: boolean
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const { env, auth, logger } = deps
  const app = new OpenAPIHono<AppEnv>()
  app.onError(onError)

  // The contract: every route below with its answers (lib/apiDocument.ts), built on first use.
  let document: ApiDocument | null = null
  const apiDocument = () => (document ??= withSharedAnswers(app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Brook API', version: '0.7.0', description: API_DESCRIPTION } })))
  if (options.checkAnswers) app.use('/api/*', answerGuard(apiDocument))

  // Request context: id, SPEC §7 client headers, a child logger.
  app.use('*', async (c, next) => {
    const requestId = crypto.randomUUID()
    const client = {
      platform: header(c, 'x-app-platform'),
      appName: header(c, 'x-app-name'),
      appVersion: header(c, 'x-app-version'),
      clientId: header(c, 'x-client-id'),
      sessionId: header(c, 'x-session-id'),
      dev: c.req.header('x-app-dev') === '1',
    }
    c.set('requestId', requestId)
    c.set('client', client)
    c.set('user', null)
    c.set('sessionId', null)
    c.set('sessionChanged', null)
    const log = logger.child({ requestId, platform: client.platform, clientId: client.clientId, appSessionId: client.sessionId })
    c.set('log', log)
    const start = performance.now()
    await next()
    if (c.req.path.startsWith('/api')) {
      log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - start), userId: c.get('user')?.id }, 'request')
    }
  })

  // Body caps: 1 MiB by default, larger for uploads.
  const tooLarge = (limit: number) => bodyLimit({ maxSize: limit, onError: (c) => {
    // The rest of the body is never read, so the connection cannot be reused.
    c.header('Connection', 'close')
    // A file upload over the cap is 'File too large' (SPEC §8 14001); any other body is invalid input.
    if (c.req.path.startsWith('/api/upload/')) return c.json({ code: 14001, message: 'File too large', reason: `Request body exceeds ${limit} bytes` }, 413)
    return c.json({ code: 4, message: 'Invalid input', reason: `Request body exceeds ${limit} bytes` }, 413)
  } })
  const smallCap = tooLarge(env.REQUEST_BODY_LIMIT)
  const uploadCap = tooLarge(env.UPLOAD_BODY_LIMIT)
  // GET and HEAD requests carry no body (@hono/node-server never attaches one), and asking for it
  // would build a full WHATWG Request per read (docs/performance.md).
  app.use('/api/*', (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD') return next()
    return UPLOAD_PATHS.some((p) => c.req.path.startsWith(p)) ? uploadCap(c, next) : smallCap(c, next)
  })

  // Third-party client APIs (docs/api-access.md): their own sign-in (API tokens) and answer
  // formats, so before the session middleware and outside the contract document.
  app.route('/api/greader', greaderRoutes({ greader: deps.greader }))
  app.route('/api/fever', feverRoutes({ fever: deps.fever }))
  app.route('/api/websub', websubRoutes({ websub: deps.websub }))

  // Auth: better-auth owns /api/auth/*. The client address goes in a header it trusts for rate limits.
  const sessions = createSessionCache()
  app.use('/api/*', async (c, next) => {
    c.set('sessionChanged', (userId: string) => sessions.forgetUser(userId))
    await next()
  })
  // Sign-up follows the registration mode (invitation-only: 400/1003 without a valid code; closed: 1004).
  app.post('/api/auth/sign-up/email', async (c, next) => {
    await deps.invitations.admitSignUp({ code: c.req.header(INVITATION_HEADER) ?? null, firstUser: (await deps.plans.userCount()) === 0 })
    // A referral code (SPEC §7 header) must be known: 'Invalid referral code' (1002) otherwise.
    await deps.referrals.referrerFor(c.req.header(REFERRAL_HEADER))
    await next()
  })
  /** Hands a request to better-auth (with `body` instead of the request's own when given). */
  const toAuth = (c: Context<AppEnv>, body?: string) => {
    // Any auth call may end or change the session: its user's cached sessions are dropped.
    const credential = credentialOf(c.req.raw.headers)
    if (credential) sessions.forget(credential)
    const headers = new Headers(c.req.raw.headers)
    headers.delete(CLIENT_IP_HEADER)
    const address = getConnInfo(c).remote.address
    if (address) headers.set(CLIENT_IP_HEADER, address)
    if (body === undefined) return auth.handler(new Request(c.req.raw, { headers }))
    headers.delete('content-length')
    return auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body }))
  }
  // Profile fields (SPEC §3) follow the shared rules before better-auth stores them: 4 for a bad
  // field, 1002 for a taken handle; the normalized fields are what it receives.
  app.post('/api/auth/update-user', async (c) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null)
    if (!session?.user) return toAuth(c)
    const body: unknown = await c.req.raw.clone().json().catch(() => null)
    return toAuth(c, JSON.stringify(await deps.profiles.checkUpdate(session.user.id, body)))
  })
  // Session (cookie or Bearer) for every other API route.
  // Resolved sessions are cached per credential for a few seconds (lib/sessionCache.ts).
  const resolveSession = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    // An API token as Bearer (docs/api-access.md): looked up by its sha256, never by better-auth.
    const authorization = c.req.header('authorization')
    if (authorization?.startsWith(`Bearer ${TOKEN_PREFIX}`)) {
      const owner = await deps.apiTokens.verify(authorization.slice(7).trim())
      if (owner) {
        c.set('user', owner.user)
        deps.apiTokens.touch(owner, c.req.header('user-agent') ?? null)
      }
      return next()
    }
    const credential = credentialOf(c.req.raw.headers)
    let session = credential ? sessions.get(credential) : null
    if (credential && session === undefined) {
      const result = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null)
      session = null
      if (result?.user) {
        const u = result.user as typeof result.user & { role?: string; roleEndAt?: Date | string | null; handle?: string | null }
        const user: SessionUser = {
          id: u.id,
          name: u.name,
          email: u.email,
          emailVerified: Boolean(u.emailVerified),
          image: u.image ?? null,
          role: u.role ?? env.DEFAULT_ROLE,
          roleEndAt: toIso(u.roleEndAt ?? null),
          handle: u.handle ?? null,
        }
        session = { user, sessionId: result.session.id, expiresAt: new Date(result.session.expiresAt).getTime() }
      }
      sessions.set(credential, session)
    }
    if (session) {
      c.set('user', session.user)
      c.set('sessionId', session.sessionId)
    }
    await next()
  }

  // Brook's own account calls under the auth base path (SPEC §7): providers, subscription/restore.
  app.use('/api/auth/subscription/*', resolveSession)
  app.use('/api/auth/delete-user', resolveSession)
  app.route('/api/auth', accountRoutes({ referrals: deps.referrals, providers: signInProvidersOf(env) }))
  // delete-user is Brook's: password and two-factor checked, all of the user's data removed (domains/account).
  app.route('/api/auth', deleteUserRoutes({ account: deps.account }))
  app.on(['GET', 'POST'], '/api/auth/*', (c) => toAuth(c))

  app.use('/api/*', resolveSession)

  // Abuse limits on the routes that make the server fetch other sites (docs/operations.md); before
  // idempotency, so a refusal is never stored as the answer to a key.
  if (env.RATE_LIMIT) {
    const fetchLimit = deps.rateLimits.limit({ name: 'fetch', limit: env.RATE_LIMIT_FETCH_PER_MINUTE, windowMs: 60_000 }, env.RATE_LIMIT_FETCH_PER_MINUTE_PER_ADDRESS)
    for (const [method, route] of FETCHING_ROUTES) {
      app.on(method, route, (c, next) => (method === 'GET' && !c.req.query('url') ? next() : fetchLimit(c, next)))
    }
  }

  // Features behind the admin's flags (lib/flagGates.ts): off for the caller → 1004. Before
  // idempotency, so a refusal is never kept as the answer to a key.
  for (const gate of FLAG_GATES) {
    app.use('/api/*', async (c, next) => {
      if (!isGated(gate, c.req.path) || (gate.methods && !gate.methods.includes(c.req.method))) return next()
      const user = c.get('user')
      if (gate.signedInOnly && !user) return next()
      if (!(await deps.featureFlags.evaluate(user?.id ?? null))[gate.flag]) throw new AppError(1004, { reason: gate.reason })
      await next()
    })
  }

  // Idempotency-Key on every mutating route below (the web app's offline outbox replays with it).
  app.use('/api/*', idempotency({ db: deps.database.db }))


  // Each domain's router, given only the services it uses (built in compose.ts).
  app.route('/api/status', statusRoutes(deps))
  app.route('/api/probes', probesRoutes(deps))
  app.route('/api/feeds/claim', feedClaimRoutes({ claims: deps.claims }))
  app.route('/api/feeds', feedsRoutes({ feeds: deps.feeds, websub: deps.websub, tippers: deps.wallets.tippersOf }))
  app.route('/api/subscriptions', subscriptionsRoutes({ subscriptions: deps.subscriptions, opml: deps.opml }))
  app.route('/api/categories', categoriesRoutes({ categories: deps.categories }))
  app.route('/api/entries', entriesRoutes({ entries: deps.entries, profiles: deps.profiles, discover: deps.discover }))
  app.route('/api/reads', readsRoutes({ reads: deps.reads }))
  app.route('/api/collections', collectionsRoutes({ collections: deps.collections }))
  app.route('/api/lists', listDiscoveryRoutes({ trending: deps.trending }))
  app.route('/api/lists', listsRoutes({ lists: deps.lists, opml: deps.opml, feeds: deps.feeds }))
  app.route('/api/inboxes', inboxesRoutes({ inboxes: deps.inboxes, entries: deps.entries, email: deps.email, attachments: deps.attachments, emailSecret: deps.env.INBOX_EMAIL_SECRET }))
  app.route('/api/settings', settingsRoutes({ settings: deps.settings }))
  app.route('/api/account', accountExportRoutes({ account: deps.account }))
  app.route('/api/actions', actionsRoutes({ actions: deps.actions }))
  app.route('/api/integrations', integrationsRoutes({ integrations: deps.integrations }))
  app.route('/api/profiles', profilesRoutes({ profiles: deps.profiles }))
  app.route('/api/upload', uploadsRoutes({ uploads: deps.uploads }))
  app.route('/api/discover', discoverRoutes({ discover: deps.discover }))
  app.route('/api/feeds', feedCategoryRoutes({ discover: deps.discover }))
  app.route('/api/discover', rsshubDiscoverRoutes({ rsshub: deps.rsshub }))
  app.route('/api/rsshub', rsshubRoutes({ rsshub: deps.rsshub }))
  app.route('/api/analytics', analyticsRoutes({ analytics: deps.analytics }))
  app.route('/api/plans', plansRoutes({ plans: deps.plans }))
  app.route('/api/invitations', invitationsRoutes({ invitations: deps.invitations }))
  app.route('/api/referrals', referralsRoutes({ referrals: deps.referrals }))
  app.route('/api/admin/feature-flags', featureFlagsRoutes({ featureFlags: deps.featureFlags }))
  app.route('/api/admin', adminRoutes({ admin: deps.admin }))
  app.route('/api/achievement', achievementsRoutes({ achievements: deps.achievements }))
  app.route('/api/tokens', apiTokensRoutes({ apiTokens: deps.apiTokens }))
  app.route('/api/messaging', messagingRoutes({ messaging: deps.messaging }))
  app.route('/api/search', searchRoutes({ search: deps.search }))
  app.route('/api/trending', trendingRoutes({ trending: deps.trending }))
  app.route('/api/data', dataRoutes({ trending: deps.trending }))
  app.route('/api/ai', aiRoutes({ ai: deps.ai }))
  app.route('/api/wallets', walletsRoutes({ wallets: deps.wallets, withdrawals: deps.withdrawals, airdrops: deps.airdrops }))
  app.route('/api/boosts', boostsRoutes({ boosts: deps.boosts }))

  // The contract of every route above, and a readable reference of it.
  app.get('/api/openapi.json', (c) => c.json(apiDocument()))
  app.route('/api/docs', apiReferenceRoutes())

  app.all('/api/*', (c) => c.json({ code: 6, message: 'Not found', reason: `${c.req.method} ${c.req.path}` }, 404))

  // Health for load balancers and container runtimes: no session, no /api envelope.
  app.get('/healthz', async (c) => {
    const report = await deps.health.check()
    c.header('Cache-Control', 'no-store')
    return c.json(report, report.status === 'ok' ? 200 : 503)
  })

  // The web app: static files, then index.html for client-side routes.
  const webDist = env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist
  const indexFile = path.join(webDist, 'index.html')
  app.use('/*', serveStatic({ root: webDist }))
  app.get('/*', (c) => {
    if (!fs.existsSync(indexFile)) return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503)
    return c.html(fs.readFileSync(indexFile, 'utf8'))
  })
  return app
}

export type App = ReturnType<typeof createApp>
