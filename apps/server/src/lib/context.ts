/** What every request carries through Hono's context. */
import type { Logger } from './logger.ts'

/** The signed-in user as routes see it. */
export interface SessionUser {
  id: string
  name: string
  email: string
  emailVerified: boolean
  image: string | null
  role: string
  roleEndAt: string | null
  handle: string | null
}

/** The SPEC §7 client headers, kept for logs. */
export interface ClientInfo {
  platform: string | null
  appName: string | null
  appVersion: string | null
  clientId: string | null
  sessionId: string | null
  dev: boolean
}

export interface AppEnv {
  Variables: {
    requestId: string
    log: Logger
    client: ClientInfo
    user: SessionUser | null
    sessionId: string | null
    /** Drops this process's cached sessions of a user whose role or access a route just changed. */
    sessionChanged: ((userId: string) => void) | null
  }
}
