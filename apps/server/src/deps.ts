/**
 * What the app is built from (server.ts builds it; a test server builds it through server.ts):
 * configuration, infrastructure, and every domain service of compose.ts. Only app.ts and
 * server.ts see this whole object; a domain's router is handed just its own services.
 */
import type { Env } from './env.ts'
import type { OpenDatabase } from './db/openDatabase.ts'
import type { Auth } from './auth/createAuth.ts'
import type { Logger } from './lib/logger.ts'
import type { Mailer } from './domains/mail/mailer.ts'
import type { Services } from './compose.ts'
import type { WorkerLease } from './domains/workerIds/leaseWorkerId.ts'

/** Configuration and infrastructure shared by every part. */
export interface Infrastructure {
  env: Env
  database: OpenDatabase
  auth: Auth
  logger: Logger
  mailer: Mailer
  /** The worker id this process leased, null when WORKER_ID was set by hand. */
  workerLease: WorkerLease | null
}

/** Everything the app needs: the infrastructure, and the services (`deps.feeds`, `deps.entries` …). */
export type AppDeps = Infrastructure & Services
