/**
 * What the open timeline shows, published for keyboard commands and the reader's next/previous:
 * its entry ids in order, the route it lives at and its controls.
 */
import { create } from 'zustand'
import type { TimelineParams } from '../../lib/routeParams.ts'

export interface TimelineNavState {
  ids: string[]
  params: TimelineParams | null
  refetch: (() => Promise<void>) | null
  /** Scrolls the list to an entry (set by the list component). */
  scrollToEntry: ((id: string) => void) | null
  publish: (patch: Partial<Omit<TimelineNavState, 'publish'>>) => void
}

export const useTimelineNavStore = create<TimelineNavState>((set) => ({
  ids: [],
  params: null,
  refetch: null,
  scrollToEntry: null,
  publish: (patch) => set(patch),
}))

/** The id next to `current` in the open timeline (+1 next, -1 previous); the first one when none is open. */
export function neighbourEntry(ids: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null
  const index = current ? ids.indexOf(current) : -1
  if (index === -1) return step === 1 ? ids[0] : null
  return ids[index + step] ?? null
}
