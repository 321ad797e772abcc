/**
 * Wires the local-first machinery into the app (used once, in Providers): restores the persisted
 * query cache before the first render, opens and hydrates the local database, and follows the
 * session — a user signing in starts sync (after the user-id check), signing out stops it.
 */
import type { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSessionStore } from '../store/session.ts'
import { bindUser, startLocalFirst, stopLocalFirst } from './lifecycle.ts'
import { persistQueryClient } from './queryCache.ts'

const persisted = new WeakMap<QueryClient, () => void>()

/** Starts local-first for this query client (idempotent). */
export function useLocalFirst(client: QueryClient): void {
  // During the first render, not in an effect: queries marked to persist start with their data,
  // and the database worker starts loading while React renders the shell.
  if (!persisted.has(client)) {
    persisted.set(client, persistQueryClient(client))
    void startLocalFirst({ queryClient: client })
  }
  useEffect(() => {
    const follow = (userId: string | null, status: string) => {
      if (userId) void bindUser(userId)
      else if (status === 'signed-out') stopLocalFirst()
    }
    const state = useSessionStore.getState()
    follow(state.whoami?.id ?? null, state.status)
    return useSessionStore.subscribe((s, prev) => {
      if (s.whoami?.id !== prev.whoami?.id || s.status !== prev.status) follow(s.whoami?.id ?? null, s.status)
    })
  }, [client])
}
