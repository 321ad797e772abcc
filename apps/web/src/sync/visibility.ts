/**
 * The visibility rule of SPEC §4: a tab that becomes visible after 10 minutes or more hidden
 * invalidates every query (and reloads the open timelines); a shorter absence refetches nothing.
 * The desktop window's variant: after 10 minutes or more, everything but entries is invalidated
 * (the timelines are not reloaded).
 */
import type { QueryClient } from '@tanstack/react-query'

export const VISIBILITY_REFETCH_MS = 10 * 60 * 1000

/** Decides what a return to the tab (or the desktop window) does. */
export function onBecameVisible(hiddenAt: number | null, now: number, platform: 'web' | 'desktop' = 'web'): 'nothing' | 'invalidate' | 'invalidate-except-entries' {
  if (hiddenAt === null || now - hiddenAt < VISIBILITY_REFETCH_MS) return 'nothing'
  return platform === 'desktop' ? 'invalidate-except-entries' : 'invalidate'
}

/**
 * Watches document visibility; `refresh.all` reloads what the stores show, `refresh.exceptEntries`
 * all of it but the timelines (desktop). Returns the unsubscribe.
 */
export function watchVisibility(queryClient: QueryClient | null, refresh: { all: () => void; exceptEntries: () => void }, platform: 'web' | 'desktop' = 'web'): () => void {
  let hiddenAt: number | null = document.visibilityState === 'hidden' ? Date.now() : null
  const onChange = () => {
    if (document.visibilityState === 'hidden') {
      hiddenAt = Date.now()
      return
    }
    const decision = onBecameVisible(hiddenAt, Date.now(), platform)
    if (decision === 'invalidate') {
      void queryClient?.invalidateQueries()
      refresh.all()
    } else if (decision === 'invalidate-except-entries') {
      void queryClient?.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'entries' })
      refresh.exceptEntries()
    }
    hiddenAt = null
  }
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
