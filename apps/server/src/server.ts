/** Starts Brook from a parsed configuration: database, migrations, auth, the HTTP server. */
import type { AddressInfo } from 'node:net'
import type { Server as HttpServer } from 'node:http'
import { serve, type ServerType } from '@hono/node-server'
import { setIdWorker } from '@brook/shared'
import { databaseLocation, type Env } from './env.ts'
import { openDatabase, type OpenDatabase } from './db/openDatabase.ts'
import { migrateToLatest } from './db/migrate.ts'
import { lazyAuth, resolveAuthSecret } from './auth/createAuth.ts'
import { createLogger, type Logger } from './lib/logger.ts'
import { createMailer } from './domains/mail/mailer.ts'
import { mailRepo } from './domains/mail/repo.ts'
import { startSmtpReceiver } from './domains/inboxes/email/smtpReceiver.ts'
import { createApp, type AppOptions } from './app.ts'
import type { AppDeps } from './deps.ts'
import { composeServices } from './compose.ts'
import { answerClientErrors } from './lib/clientErrors.ts'
import { instanceRepo } from './domains/instance/repo.ts'
import { startJobs } from './jobs/startJobs.ts'
import { leaseWorkerId, type WorkerLease } from './domains/workerIds/leaseWorkerId.ts'
import { workerLeasesRepo } from './domains/workerIds/repo.ts'

/**
 * Stops accepting connections, lets requests in flight finish, and after `deadlineMs` cuts the
 * connections still open (a stuck client never holds a restart hostage).
 */
export async function closeServer(server: HttpServer, deadlineMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  // Keep-alive connections with no request in flight would otherwise wait for their timeout.
  server.closeIdleConnections()
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      server.closeAllConnections()
      resolve()
    }, deadlineMs)
  })
  await Promise.race([closed, deadline])
  clearTimeout(timer)
  await closed
}

export interface RunningBrook {
  /** Where the web role listens; null when this process runs no web role. */
  url: string
  port: number
  /** The SMTP receiver's port (INBOX_SMTP_PORT; 0 picks a free one), null when it is off. */
  smtpPort: number | null
  deps: AppDeps
  close(): Promise<void>
}

/** Opens and migrates the database, then builds every dependency the app needs (services: compose.ts). */
export async function buildDeps(env: Env, options: { database?: OpenDatabase; logger?: Logger } = {}): Promise<AppDeps> {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL)
  const location = databaseLocation(env)
  // The server checkpoints SQLite's WAL from a worker thread (db/backgroundCheckpoint.ts).
  const database = options.database ?? openDatabase(location.dialect === 'sqlite' ? { ...location, backgroundCheckpoint: true } : location)
  await migrateToLatest(database.db)
  // Ids are made with this process's own worker bits: set by hand, or leased from the database.
  let workerLease: WorkerLease | null = null
  if (env.WORKER_ID !== undefined) setIdWorker(env.WORKER_ID)
  else workerLease = await leaseWorkerId({ repo: workerLeasesRepo(database.db), logger, use: setIdWorker })
  const mailer = createMailer({ repo: mailRepo(database.db), logger, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
  const instance = instanceRepo(database.db)
  const secret = await resolveAuthSecret(env, instance)
  const services = composeServices({ env, database, logger, secret, instance })
  // Integration settings stored before they were sealed at rest are sealed now (once; idempotent).
  await services.integrations.sealPlainDocuments()
  const accounts = { invitations: services.invitations, referrals: services.referrals, isDisabled: services.admin.isDisabled }
  // better-auth is loaded at the first request that needs a session, not at start-up.
  const auth = lazyAuth({ env, database, mailer, instance, accounts }, secret)
  return { env, database, auth, logger, mailer, workerLease, ...services }
}

/** Starts the roles of env.SERVICES: the HTTP server on env.PORT (0 picks a free port) for `web`, and the jobs. */
export async function startBrook(env: Env, options: { database?: OpenDatabase; logger?: Logger } & AppOptions = {}): Promise<RunningBrook> {
  const deps = await buildDeps(env, options)
  let server: ServerType | null = null
  if (env.SERVICES.includes('web')) {
    const app = createApp(deps, { checkAnswers: options.checkAnswers })
    server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s))
    })
    answerClientErrors(server as HttpServer)
  }
  // The SMTP receiver belongs to the web role and is off unless INBOX_SMTP_PORT is set.
  const smtp =
    env.SERVICES.includes('web') && env.INBOX_SMTP_PORT !== undefined
      ? await startSmtpReceiver({ host: env.INBOX_SMTP_HOST ?? env.HOST, port: env.INBOX_SMTP_PORT, maxBytes: env.INBOX_MAX_BYTES, maxRecipients: env.INBOX_MAX_RECIPIENTS, intake: deps.email, logger: deps.logger })
      : null
  const port = server ? (server.address() as AddressInfo).port : 0
  const url = server ? `http://localhost:${port}` : ''
  // Background roles (scheduler, worker) per SERVICES; stopped before the database closes.
  const jobs = startJobs({ env, logger: deps.logger, feeds: deps.feeds, plans: deps.plans, wallets: deps.wallets, search: deps.search, ai: deps.ai, trending: deps.trending })
  return {
    url,
    port,
    smtpPort: smtp?.port ?? null,
    deps,
    async close() {
      if (smtp) await smtp.close()
      if (server) await closeServer(server as HttpServer, env.SHUTDOWN_TIMEOUT_MS)
      await jobs.close()
      deps.webhooks.close()
      // Notifications under way finish before the database closes (each push has a 10 s timeout).
      await deps.messaging.idle()
      deps.health.close()
      deps.rateLimits.close()
      await deps.search.close()
      await deps.workerLease?.close()
      await deps.database.close()
    },
  }
}
