/** The signed-in user of SPEC §3 "User state": whoami, role, roleEndAt, plus the session-expired flag. */
import type { UserRole } from '@brook/shared'
import { create } from 'zustand'

/** The user as the session endpoint returns it. */
export interface SessionUser {
  id: string
  email: string
  name: string
  handle?: string | null
  image?: string | null
  bio?: string | null
  website?: string | null
  /** JSON text of the social links (better-auth keeps the field as text). */
  socialLinks?: string | null
  emailVerified?: boolean
  role?: UserRole | null
  twoFactorEnabled?: boolean | null
  /** When the account was made (the onboarding guide shows by itself in its first days). */
  createdAt?: string | null
}

/** unknown: not asked yet; signed-in / signed-out after the first answer. */
export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out'

interface SessionState {
  status: SessionStatus
  whoami: SessionUser | null
  role: UserRole | null
  roleEndAt: string | null
  /** Set when a request answers 401; cleared by the next successful sign-in. */
  sessionExpired: boolean
  /** Set when the user signed out themselves (no "come back here" after the next sign-in). */
  signedOutByUser: boolean
  setSession: (user: SessionUser, role: UserRole | null, roleEndAt: string | null) => void
  clearSession: (byUser?: boolean) => void
  expireSession: () => void
}

export const useSessionStore = create<SessionState>((set) => ({
  status: 'unknown',
  whoami: null,
  role: null,
  roleEndAt: null,
  sessionExpired: false,
  signedOutByUser: false,
  setSession: (whoami, role, roleEndAt) => set({ status: 'signed-in', whoami, role, roleEndAt, sessionExpired: false, signedOutByUser: false }),
  clearSession: (byUser = false) => set({ status: 'signed-out', whoami: null, role: null, roleEndAt: null, signedOutByUser: byUser }),
  expireSession: () => set({ status: 'signed-out', whoami: null, role: null, roleEndAt: null, sessionExpired: true, signedOutByUser: false }),
}))
