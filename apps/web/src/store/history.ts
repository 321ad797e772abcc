/** The in-memory stack of visited paths (SPEC §2 "A history stack of visited paths is kept in memory"). */
import { create } from 'zustand'

const MAX = 100

interface HistoryState {
  stack: string[]
  push: (path: string) => void
}

export const useHistoryStore = create<HistoryState>((set) => ({
  stack: [],
  push: (path) =>
    set((s) => (s.stack[s.stack.length - 1] === path ? s : { stack: [...s.stack, path].slice(-MAX) })),
}))
