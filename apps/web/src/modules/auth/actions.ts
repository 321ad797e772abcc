/** Sign-up, sign-in and sign-out against better-auth; each refreshes the session (SPEC §4 signals). */
import type { QueryClient } from '@tanstack/react-query'
import { ANALYTICS_EVENTS, ErrorCodes } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'
import { removeLocal, StorageKeys } from '../../lib/storage.ts'
import { toastError } from '../../api/toastError.ts'
import { navigate } from '../../lib/navigation.ts'
import { useSessionStore } from '../../store/session.ts'
import { authClient } from './authClient.ts'
import { referralChanged } from './referral.ts'
import { i18n } from '../../i18n/index.ts'
import { toast } from 'sonner'
import { refreshSession, sessionQueryKey } from './session.ts'

/** Creates an account and signs in; false (after a toast) when the server refuses. */
export async function signUpWithEmail(queryClient: QueryClient, input: { name: string; email: string; password: string }): Promise<boolean> {
  const { error } = await authClient.signUp.email({ name: input.name.trim(), email: input.email.trim(), password: input.password })
  if (error) {
    // SPEC §5: an unknown referral code (the stored one is dropped, so the next try signs up without it).
    if (error.status === 400 && (error as { reason?: string }).reason === 'Invalid referral code') {
      removeLocal(StorageKeys.referralCode)
      referralChanged()
      toast.error(i18n.t('auth:invalidReferral'))
      return false
    }
    toastError(error)
    // SPEC §8: 400 with 1003 — this instance wants an invitation code first.
    if (error.status === 400 && Number(error.code) === ErrorCodes.InvalidInvitation) navigate('/invitation')
    return false
  }
  removeLocal(StorageKeys.invitationCode)
  removeLocal(StorageKeys.referralCode)
  await refreshSession(queryClient)
  analytics.track(ANALYTICS_EVENTS.register)
  return true
}

/**
 * Signs in with e-mail and password. SPEC §5: without both, the user goes to /login instead.
 * False (after a toast) when the server refuses.
 */
export async function signInWithEmail(queryClient: QueryClient, input: { email: string; password: string }): Promise<boolean | 'two-factor'> {
  const email = input.email.trim()
  if (!email || !input.password) {
    navigate('/login')
    return false
  }
  const { data, error } = await authClient.signIn.email({ email, password: input.password })
  if (error) {
    toastError(error)
    return false
  }
  // Two-factor accounts sign in in two steps: the code comes next (verifyTwoFactor).
  if ((data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) return 'two-factor'
  await refreshSession(queryClient)
  analytics.track(ANALYTICS_EVENTS.userLogin)
  return true
}

/** The second sign-in step: asks the server to e-mail a one-time code (two-factor/send-otp); false (after a toast) when refused. */
export async function sendTwoFactorEmailCode(): Promise<boolean> {
  const { error } = await authClient.twoFactor.sendOtp()
  if (error) {
    toastError(error)
    return false
  }
  return true
}

/**
 * The second sign-in step of a two-factor account: an authenticator code or a backup code, or —
 * once one was e-mailed (`source` 'email') — the e-mailed code.
 */
export async function verifyTwoFactor(queryClient: QueryClient, code: string, source: 'app' | 'email' = 'app'): Promise<boolean> {
  const trimmed = code.trim()
  const { error } =
    source === 'email' && /^\d{6}$/.test(trimmed)
      ? await authClient.twoFactor.verifyOtp({ code: trimmed })
      : /^\d{6}$/.test(trimmed)
        ? await authClient.twoFactor.verifyTotp({ code: trimmed })
        : await authClient.twoFactor.verifyBackupCode({ code: trimmed })
  if (error) {
    toastError({ ...error, message: error.message || 'Invalid two factor code' })
    return false
  }
  await refreshSession(queryClient)
  analytics.track(ANALYTICS_EVENTS.userLogin)
  return true
}

/** Starts a social sign-in (the desktop app hands these off to the browser with `?provider=`). */
export async function signInWithProvider(provider: string, callbackURL: string, errorCallbackURL?: string): Promise<void> {
  const { error } = await authClient.signIn.social({ provider, callbackURL, errorCallbackURL })
  if (error) toastError(error)
}

/** The desktop hand-off, in the browser that signed in: a one-time token for the app window; null (after a toast) when refused. */
export async function oneTimeToken(): Promise<string | null> {
  const { data, error } = await authClient.oneTimeToken.generate()
  if (error || !data?.token) {
    toastError(error ?? {})
    return null
  }
  return data.token
}

/** The desktop hand-off, in the app window: trades the browser's one-time token for the session. */
export async function signInWithOneTimeToken(queryClient: QueryClient, token: string): Promise<boolean> {
  const { error } = await authClient.oneTimeToken.verify({ token })
  if (error) {
    toastError(error)
    return false
  }
  await refreshSession(queryClient)
  return true
}

/** Signs out and forgets the user and every cached answer; the auth gate then shows the sign-in page. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  // A session answer still on its way (after a profile or two-factor change) must not sign the user back in.
  await queryClient.cancelQueries({ queryKey: sessionQueryKey })
  const { error } = await authClient.signOut()
  if (error && error.status !== 401) {
    toastError(error)
    return
  }
  await queryClient.cancelQueries({ queryKey: sessionQueryKey })
  useSessionStore.getState().clearSession(true)
  queryClient.clear()
}
