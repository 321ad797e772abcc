/** Users by id (SPEC §3 users): profiles of feed owners, tip users and the signed-in user. */
import { create } from 'zustand'
import type { User } from '../types.ts'

interface UserState {
  byId: Record<string, User>
  upsert: (users: User[]) => void
  reset: () => void
}

export const useUserStore = create<UserState>((set) => ({
  byId: {},
  upsert: (users) => {
    if (users.length === 0) return
    set((s) => {
      const byId = { ...s.byId }
      for (const user of users) byId[user.id] = { ...byId[user.id], ...user }
      return { byId }
    })
  },
  reset: () => set({ byId: {} }),
}))
