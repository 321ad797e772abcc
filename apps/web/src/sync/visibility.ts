/**
 * The visibility rule of SPEC §4: a tab that becomes visible after 10 minutes or more hidden
 * invalidates every query (and reloads the open timelines); a shorter absence refetches nothing.
 */
import type { QueryClient } from '@tanstack/react-query'

export const VISIBILITY_REFETCH_MS = 10 * 60 * 1000

/** Decides what a return to the tab does. */
export function onBecameVisible(hiddenAt: number | null, now: number): 'nothing' | 'invalidate' {
  return hiddenAt !== null && now - hiddenAt >= VISIBILITY_REFETCH_MS ? 'invalidate' : 'nothing'
}

/** Watches document visibility; `refresh` reloads what the stores show. Returns the unsubscribe. */
export function watchVisibility(queryClient: QueryClient | null, refresh: () => void): () => void {
  let hiddenAt: number | null = document.visibilityState === 'hidden' ? Date.now() : null
  const onChange = () => {
    if (document.visibilityState === 'hidden') {
      hiddenAt = Date.now()
      return
    }
    if (onBecameVisible(hiddenAt, Date.now()) === 'invalidate') {
      void queryClient?.invalidateQueries()
      refresh()
    }
    hiddenAt = null
  }
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
