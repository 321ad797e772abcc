/**
 * The first-run guide's state (issue 19): shown in the empty entry column for accounts younger
 * than ONBOARDING_DAYS until skipped or finished, and again on demand ("Getting started" in the
 * account menu). What is finished is kept per user in local storage (docs/instance-admin.md,
 * "Onboarding guide"); finishing or skipping sends analytics event 3001 once.
 */
import { ANALYTICS_EVENTS, isDiscoverCategory, type DiscoverCategory } from '@brook/shared'
import { create } from 'zustand'
import { readLocal, writeLocal } from '../../lib/storage.ts'
import { analytics } from '../analytics/analytics.ts'

/** Accounts younger than this many days see the guide by themselves. */
export const ONBOARDING_DAYS = 7

export const ONBOARDING_STEPS = ['interests', 'follow', 'opml', 'views', 'app'] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

const doneKey = (userId: string) => `onboarding-done:${userId}`
const stepsKey = (userId: string) => `onboarding-steps:${userId}`
const interestsKey = (userId: string) => `onboarding-interests:${userId}`

function readSteps(userId: string): OnboardingStep[] {
  try {
    const value: unknown = JSON.parse(readLocal(stepsKey(userId)) ?? '[]')
    return Array.isArray(value) ? value.filter((s): s is OnboardingStep => (ONBOARDING_STEPS as readonly string[]).includes(s)) : []
  } catch {
    return []
  }
}

interface OnboardingState {
  /** Opened from the menu: shown whatever the account's age or an earlier finish. */
  reopened: boolean
  /** Bumped on every change kept in storage, so readers render again. */
  version: number
  reopen: () => void
  markStep: (userId: string, step: OnboardingStep) => void
  /** Keeps the discovery categories this user is interested in (the interests step). */
  setInterests: (userId: string, interests: readonly DiscoverCategory[]) => void
  finish: (userId: string, outcome: 'completed' | 'skipped') => void
}

export const useOnboardingStore = create<OnboardingState>((set) => ({
  reopened: false,
  version: 0,
  reopen: () => set((s) => ({ reopened: true, version: s.version + 1 })),
  markStep: (userId, step) => {
    const steps = readSteps(userId)
    if (!steps.includes(step)) writeLocal(stepsKey(userId), JSON.stringify([...steps, step]))
    set((s) => ({ version: s.version + 1 }))
  },
  setInterests: (userId, interests) => {
    writeLocal(interestsKey(userId), JSON.stringify([...new Set(interests)]))
    const steps = readSteps(userId)
    if (!steps.includes('interests')) writeLocal(stepsKey(userId), JSON.stringify([...steps, 'interests']))
    set((s) => ({ version: s.version + 1 }))
  },
  finish: (userId, outcome) => {
    writeLocal(doneKey(userId), new Date().toISOString())
    analytics.track(ANALYTICS_EVENTS.onboarding, { outcome, steps: readSteps(userId).length })
    set((s) => ({ reopened: false, version: s.version + 1 }))
  },
}))

/** The steps this user went through. */
export function stepsDone(userId: string): OnboardingStep[] {
  return readSteps(userId)
}

/** The discovery categories this user picked in the guide, in the order picked. */
export function interestsOf(userId: string): DiscoverCategory[] {
  try {
    const value: unknown = JSON.parse(readLocal(interestsKey(userId)) ?? '[]')
    return Array.isArray(value) ? value.filter((c): c is DiscoverCategory => typeof c === 'string' && isDiscoverCategory(c)) : []
  } catch {
    return []
  }
}

/** Whether the guide shows by itself: a young account that has not finished or skipped it. */
export function showsByItself(user: { id: string; createdAt?: string | null }, now = Date.now()): boolean {
  if (readLocal(doneKey(user.id))) return false
  const created = user.createdAt ? Date.parse(user.createdAt) : NaN
  return Number.isFinite(created) && now - created < ONBOARDING_DAYS * 24 * 60 * 60 * 1000
}

/** The browser's install offer (PWA), kept when it comes so the guide can show "Install Brook". */
let installPrompt: { prompt: () => Promise<unknown> } | null = null
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    installPrompt = event as unknown as { prompt: () => Promise<unknown> }
  })
}

/** Shows the browser's install dialog; false when the browser offers none. */
export async function promptInstall(): Promise<boolean> {
  if (!installPrompt) return false
  const offer = installPrompt
  installPrompt = null
  await offer.prompt()
  return true
}

export const canPromptInstall = () => installPrompt !== null
