/**
 * Loading the session into the session store (SPEC §4 "Session"). The query refetches when a
 * signal changes: sign-in, sign-up and sign-out call `refreshSession`.
 */
import { isUserRole, type UserRole } from '@brook/shared'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { readLocal, StorageKeys, writeLocal } from '../../lib/storage.ts'
import { useSessionStore, type SessionUser } from '../../store/session.ts'
import { authClient } from './authClient.ts'

/** The body of `GET /api/auth/get-session`. */
export interface SessionPayload {
  session: { id: string; userId: string; expiresAt: string | Date }
  user: SessionUser
  role?: string | null
  roleEndAt?: string | Date | null
}

export const sessionQueryKey = ['auth', 'session'] as const

/** User stale time of SPEC §9. */
const SESSION_STALE_MS = 5 * 60 * 1000

/** The answer asked for while the app starts (`prefetchSession`), for the first load to take. */
let bootSession: { at: number; answer: Promise<SessionPayload | null> } | null = null
/** The boot answer is meant for the start, not for a sign-in minutes later. */
const BOOT_SESSION_MAX_AGE_MS = 10_000

/** Asks for the session before React renders (main.tsx), in parallel with the rest of the start. */
export function prefetchSession(): void {
  if (bootSession) return
  bootSession = { at: Date.now(), answer: askSession() }
  bootSession.answer.catch(() => undefined)
}

/** Asks the server for the current session; null when signed out. */
export async function fetchSession(): Promise<SessionPayload | null> {
  const boot = bootSession
  bootSession = null
  if (boot && Date.now() - boot.at < BOOT_SESSION_MAX_AGE_MS) return boot.answer
  return askSession()
}

async function askSession(): Promise<SessionPayload | null> {
  const { data, error } = await authClient.getSession()
  if (error) {
    if (error.status === 401) return null
    throw Object.assign(new Error(error.message || error.statusText || 'Failed to get session'), { status: error.status })
  }
  return (data as SessionPayload | null) ?? null
}

function toIso(value: string | Date | null | undefined): string | null {
  if (!value) return null
  return value instanceof Date ? value.toISOString() : value
}

/** Writes a session answer into the store. */
export function applySession(payload: SessionPayload | null): void {
  const store = useSessionStore.getState()
  if (!payload?.user) {
    // An answer arriving right after the user signed out keeps it "by the user" (no come-back redirect).
    store.clearSession(store.status === 'signed-out' && store.signedOutByUser)
    return
  }
  const rawRole = payload.role ?? payload.user.role
  const role: UserRole | null = isUserRole(rawRole) ? rawRole : null
  const known = store.whoami?.id === payload.user.id
  store.setSession(payload.user, role, toIso(payload.roleEndAt))
  // SPEC §3 event 1000: the user is identified (each page load, and each sign-in).
  if (!known) analytics.track(ANALYTICS_EVENTS.identify)
  // SPEC §4 "User-id change": remember whose data this browser holds.
  if (readLocal(StorageKeys.userId) !== payload.user.id) writeLocal(StorageKeys.userId, payload.user.id)
}

/** Fetches the session and applies it to the store. */
async function loadSession(): Promise<SessionPayload | null> {
  const payload = await fetchSession()
  applySession(payload)
  return payload
}

/** Keeps the session store in step with the server. */
export function useSessionQuery() {
  // Persisted (docs/offline-first.md), so an offline start still knows who is signed in.
  // Always asked again at start: a restored session shows at once and the answer confirms it.
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: loadSession, staleTime: SESSION_STALE_MS, retry: 1, retryDelay: 1000, refetchOnMount: 'always', meta: { persist: true } })
  const status = useSessionStore((s) => s.status)
  useEffect(() => {
    // A session restored from the persisted cache (the server unreachable, e.g. offline) is applied as is.
    if (status === 'unknown' && query.data) applySession(query.data)
  }, [status, query.data])
  return query
}

/** Re-reads the session now (after a sign-in, sign-up or sign-out). */
export function refreshSession(queryClient: QueryClient): Promise<SessionPayload | null> {
  bootSession = null
  return queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: loadSession, staleTime: 0 })
}
