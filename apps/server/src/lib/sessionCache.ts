/**
 * A short-lived, per-process cache of resolved sessions keyed by the request's credential (the
 * better-auth session cookie or the Bearer token). Resolving a session costs an HMAC check of the
 * cookie and two queries; the reading API answers in well under a millisecond, so without this the
 * session lookup would dominate every request (docs/reading-api.md, "Sessions on the hot path").
 *
 * Freshness: an entry lives SESSION_CACHE_TTL_MS at most and never past the session's expiry;
 * any /api/auth/* call with a credential drops every cached session of that user in this process
 * (sign-out, revoke, profile and e-mail changes), so only changes made through another process
 * take up to the TTL to be seen here.
 */
import type { SessionUser } from './context.ts'

export const SESSION_CACHE_TTL_MS = 10_000
const MAX_ENTRIES = 10_000

/** better-auth's session cookie, plain or with the __Secure- prefix. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/

export type CachedSession = { user: SessionUser; sessionId: string; expiresAt: number } | null

/** The credential a request carries (session cookie and/or Bearer token), or null when it has none. */
export function credentialOf(headers: Headers): string | null {
  const cookie = headers.get('cookie')
  const token = cookie ? SESSION_COOKIE.exec(cookie)?.[1] : undefined
  const bearer = headers.get('authorization')
  if (!token && !bearer) return null
  return `${token ?? ''}|${bearer ?? ''}`
}

export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS) {
  const entries = new Map<string, { at: number; value: CachedSession }>()
  return {
    /** The cached session (null: known to be no session), or undefined when it must be resolved. */
    get(credential: string): CachedSession | undefined {
      const hit = entries.get(credential)
      if (!hit) return undefined
      const now = Date.now()
      if (now - hit.at > ttlMs || (hit.value && hit.value.expiresAt <= now)) {
        entries.delete(credential)
        return undefined
      }
      return hit.value
    },

    set(credential: string, value: CachedSession): void {
      if (entries.size >= MAX_ENTRIES) entries.clear()
      entries.set(credential, { at: Date.now(), value })
    },

    /** Drops every cached session of a user (their role or access changed). */
    forgetUser(userId: string): void {
      for (const [key, hit] of entries) if (hit.value?.user.id === userId) entries.delete(key)
    },

    /** Drops this credential and every cached session of the same user. */
    forget(credential: string): void {
      const userId = entries.get(credential)?.value?.user.id
      entries.delete(credential)
      if (!userId) return
      for (const [key, hit] of entries) if (hit.value?.user.id === userId) entries.delete(key)
    },
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>
