/** The state of the local database as the UI may show it (Data Control, a banner). */
import { create } from 'zustand'
import type { LocalStorageKind } from '../types.ts'

interface LocalDbState {
  /** opening → ready (hydrated) or failed. */
  status: 'closed' | 'opening' | 'ready' | 'failed'
  storage: LocalStorageKind | null
  /** Rows waiting in the outbox (writes not yet accepted by the server). */
  pendingWrites: number
  error: string | null
  /** True when a failed migration made the app delete and rebuild the local database this start. */
  rebuilt: boolean
  set: (patch: Partial<Omit<LocalDbState, 'set'>>) => void
}

export const useLocalDbStore = create<LocalDbState>((set) => ({
  status: 'closed',
  storage: null,
  pendingWrites: 0,
  error: null,
  rebuilt: false,
  set: (patch) => set(patch),
}))
