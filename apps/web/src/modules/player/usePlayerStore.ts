/**
 * The audio player of SPEC §3 "Player state" and §4 "Player": show, volume (0.8), duration,
 * playbackRate (1), status (loading/playing/paused), src, currentTime, the entry playing and
 * mute. Persisted; a stored status comes back as paused. The floating player owns the <audio>
 * element and follows this state.
 */
import { create } from 'zustand'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'

/** When the player was opened in this page (for event 2009). */
let openedAt: number | null = null
import { createJSONStorage, persist } from 'zustand/middleware'
import { storageKey } from '../../lib/storage.ts'

export type PlayerStatus = 'loading' | 'playing' | 'paused'

export interface PlayerTrack {
  src: string
  entryId: string
  title: string
  source: string
  image?: string | null
}

export interface PlayerState {
  show: boolean
  volume: number
  duration: number
  playbackRate: number
  status: PlayerStatus
  src: string | null
  currentTime: number
  /** The entry playing (SPEC's listId). */
  listId: string | null
  title: string
  source: string
  image: string | null
  isMute: boolean
  /** Bumped for every play request, so an older play promise never wins (SPEC §4). */
  action: number
  play: (track?: PlayerTrack) => void
  pause: () => void
  toggle: () => void
  close: () => void
  seek: (seconds: number) => void
  seekBy: (delta: number) => void
  setVolume: (volume: number) => void
  setMute: (mute: boolean) => void
  setPlaybackRate: (rate: number) => void
  /** The media element reports back. */
  report: (patch: Partial<Pick<PlayerState, 'status' | 'currentTime' | 'duration'>>) => void
}

export const SEEK_STEP_S = 5
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n))

export const usePlayerStore = create<PlayerState>()(
  persist(
    (set, get) => ({
      show: false,
      volume: 0.8,
      duration: 0,
      playbackRate: 1,
      status: 'paused',
      src: null,
      currentTime: 0,
      listId: null,
      title: '',
      source: '',
      image: null,
      isMute: false,
      action: 0,
      play: (track) => {
        openedAt ??= Date.now()
        if (track && track.src !== get().src) {
          set((s) => ({ src: track.src, listId: track.entryId, title: track.title, source: track.source, image: track.image ?? null, currentTime: 0, duration: 0, show: true, status: 'loading', action: s.action + 1 }))
          return
        }
        if (!get().src) return
        set((s) => ({ show: true, status: 'loading', action: s.action + 1 }))
      },
      pause: () => set((s) => ({ status: 'paused', action: s.action + 1 })),
      toggle: () => (get().status === 'paused' ? get().play() : get().pause()),
      close: () => {
        // SPEC §3 event 2009: how long the player was open (seconds).
        if (get().show) analytics.track(ANALYTICS_EVENTS.playerOpenDuration, { duration_sec: openedAt ? Math.round((Date.now() - openedAt) / 1000) : 0 })
        openedAt = null
        set((s) => ({ show: false, status: 'paused', action: s.action + 1 }))
      },
      seek: (seconds) => set((s) => ({ currentTime: clamp(seconds, 0, s.duration || seconds), action: s.action + 1 })),
      seekBy: (delta) => get().seek(get().currentTime + delta),
      setVolume: (volume) => set({ volume: clamp(volume, 0, 1), isMute: false }),
      setMute: (isMute) => set({ isMute }),
      setPlaybackRate: (playbackRate) => set({ playbackRate }),
      report: (patch) => {
        const next = { ...patch }
        // SPEC §4: unknown or infinite duration is stored as 0 (and the time with it).
        if (next.duration !== undefined && !Number.isFinite(next.duration)) {
          next.duration = 0
          next.currentTime = 0
        }
        set(next)
      },
    }),
    {
      name: storageKey('player'),
      storage: createJSONStorage(() => localStorage),
      partialize: ({ show, volume, duration, playbackRate, status, src, currentTime, listId, title, source, image, isMute }) => ({ show, volume, duration, playbackRate, status, src, currentTime, listId, title, source, image, isMute }),
      // SPEC §3: on first load a stored status is reset to paused.
      merge: (persisted, current) => ({ ...current, ...(persisted as Partial<PlayerState>), status: 'paused' }),
    },
  ),
)
