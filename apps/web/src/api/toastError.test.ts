import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from 'sonner'
import '../i18n/index.ts'
import { ApiError } from './ApiError.ts'
import { PLAN_TOAST_DELAY_MS, PLAN_TOAST_DURATION_MS, REASON_TOAST_DURATION_MS, toastError } from './toastError.ts'

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }))

const apiError = (code: number | string, message: string, reason?: string) => new ApiError(message, { code, status: 400, reason })

describe('toastError (SPEC §8 UI handling)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.mocked(toast.error).mockClear()
  })
  afterEach(() => vi.useRealTimers())

  it('shows the translated errors:{code} message', () => {
    toastError(apiError(2001, 'server words'))
    expect(toast.error).toHaveBeenCalledWith('Feed not found')
  })

  it('falls back to the server message for an unknown code', () => {
    toastError(apiError(99999, 'Something specific'))
    expect(toast.error).toHaveBeenCalledWith('Something specific')
  })

  it('shows a reason for 5 s with a copy action', () => {
    toastError(apiError(1005, 'Internal error', 'db locked'))
    expect(toast.error).toHaveBeenCalledWith('Internal error', expect.objectContaining({ description: 'db locked', duration: REASON_TOAST_DURATION_MS }))
  })

  it('stays silent for two-factor codes 4007 and 4008', () => {
    toastError(apiError(4007, 'Invalid two factor code'))
    toastError(apiError(4008, 'Two factor code required'))
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('offers plan activation after 500 ms for codes starting with 11', () => {
    toastError(apiError(1100, 'Trial user max feed subscription exceeded'))
    expect(toast.error).not.toHaveBeenCalled()
    vi.advanceTimersByTime(PLAN_TOAST_DELAY_MS)
    expect(toast.error).toHaveBeenCalledWith(
      'This needs an active plan',
      expect.objectContaining({ duration: PLAN_TOAST_DURATION_MS, closeButton: true, action: expect.objectContaining({ label: 'Activate' }) }),
    )
  })

  it('translates better-auth codes, else shows their message', () => {
    toastError({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 })
    expect(toast.error).toHaveBeenLastCalledWith('Invalid e-mail or password')
    toastError({ code: 'SOMETHING_NEW', message: 'A new better-auth error', status: 400 })
    expect(toast.error).toHaveBeenLastCalledWith('A new better-auth error')
  })
})
