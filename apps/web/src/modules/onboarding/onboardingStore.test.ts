import { afterEach, describe, expect, it } from 'vitest'
import { interestsOf, ONBOARDING_DAYS, showsByItself, stepsDone, useOnboardingStore } from './onboardingStore.ts'

const DAY = 24 * 60 * 60 * 1000

describe('onboarding guide: who sees it by itself', () => {
  afterEach(() => localStorage.clear())

  it('shows for an account younger than 7 days, not for an older one or one without a date', () => {
    const now = Date.parse('2026-11-28T02:00:00Z')
    expect(ONBOARDING_DAYS).toBe(7)
    expect(showsByItself({ id: 'u1', createdAt: new Date(now - 6.9 * DAY).toISOString() }, now)).toBe(true)
    expect(showsByItself({ id: 'u1', createdAt: new Date(now - 7 * DAY).toISOString() }, now)).toBe(false)
    expect(showsByItself({ id: 'u1', createdAt: null }, now)).toBe(false)
  })

  it('no longer once finished or skipped (per user); steps are kept per user', () => {
    const createdAt = new Date().toISOString()
    useOnboardingStore.getState().markStep('u2', 'opml')
    useOnboardingStore.getState().markStep('u2', 'opml')
    expect(stepsDone('u2')).toEqual(['opml'])
    expect(stepsDone('u3')).toEqual([])
    useOnboardingStore.getState().finish('u2', 'skipped')
    expect(showsByItself({ id: 'u2', createdAt })).toBe(false)
    expect(showsByItself({ id: 'u3', createdAt })).toBe(true)
    useOnboardingStore.getState().reopen()
    expect(useOnboardingStore.getState().reopened).toBe(true)
  })

  it('keeps the interests picked per user, in order, once each; picking counts as the interests step', () => {
    useOnboardingStore.getState().setInterests('u4', ['design', 'anime', 'design'])
    expect(interestsOf('u4')).toEqual(['design', 'anime'])
    expect(stepsDone('u4')).toEqual(['interests'])
    expect(interestsOf('u5')).toEqual([])
    localStorage.setItem('brook:onboarding-interests:u6', JSON.stringify(['design', 'not-a-category', 3]))
    expect(interestsOf('u6')).toEqual(['design'])
  })
})
