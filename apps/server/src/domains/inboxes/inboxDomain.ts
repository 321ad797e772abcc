/** The domain of inbox addresses: INBOX_DOMAIN, else the host of PUBLIC_URL, else localhost. */
import type { Env } from '../../env.ts'

export function inboxDomain(env: Pick<Env, 'INBOX_DOMAIN' | 'PUBLIC_URL'>): string {
  if (env.INBOX_DOMAIN) return env.INBOX_DOMAIN.toLowerCase()
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname.toLowerCase() : 'localhost'
}
