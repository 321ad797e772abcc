/** What the server says about e-mail into inboxes (GET /api/status/configs → features.inbox): the address domain and whether mail is received. */
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

export const configsQuery = { queryKey: ['api', 'status', 'configs'] as const, queryFn: () => api.get('/status/configs'), staleTime: 10 * 60_000 }

export interface InboxConfig {
  domain: string
  /** The server receives mail (its SMTP receiver or the HTTP e-mail route is on). */
  receivesMail: boolean
}

/** The inbox part of the configs, or null until they are known. */
export function useInboxConfig(): InboxConfig | null {
  const configs = useQuery(configsQuery)
  const inbox = configs.data?.features.inbox
  return inbox ? { domain: inbox.domain, receivesMail: inbox.smtp || inbox.http } : null
}

/** An inbox's e-mail address: `{handle}@{INBOX_DOMAIN}`. */
export function inboxAddress(handle: string, domain: string): string {
  return `${handle}@${domain}`
}

/** The address of an inbox, or null until the server's domain is known. */
export function useInboxAddress(handle: string | null | undefined): string | null {
  const config = useInboxConfig()
  return handle && config ? inboxAddress(handle, config.domain) : null
}
