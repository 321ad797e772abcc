/** Sign-up, sign-in and sign-out against better-auth; each refreshes the session (SPEC §4 signals). */
import type { QueryClient } from '@tanstack/react-query'
import { toastError } from '../../api/toastError.ts'
import { navigate } from '../../lib/navigation.ts'
import { useSessionStore } from '../../store/session.ts'
import { authClient } from './authClient.ts'
import { refreshSession } from './session.ts'

/** Creates an account and signs in; false (after a toast) when the server refuses. */
export async function signUpWithEmail(queryClient: QueryClient, input: { name: string; email: string; password: string }): Promise<boolean> {
  const { error } = await authClient.signUp.email({ name: input.name.trim(), email: input.email.trim(), password: input.password })
  if (error) {
    toastError(error)
    return false
  }
  await refreshSession(queryClient)
  return true
}

/**
 * Signs in with e-mail and password. SPEC §5: without both, the user goes to /login instead.
 * False (after a toast) when the server refuses.
 */
export async function signInWithEmail(queryClient: QueryClient, input: { email: string; password: string }): Promise<boolean> {
  const email = input.email.trim()
  if (!email || !input.password) {
    navigate('/login')
    return false
  }
  const { error } = await authClient.signIn.email({ email, password: input.password })
  if (error) {
    toastError(error)
    return false
  }
  await refreshSession(queryClient)
  return true
}

/** Starts a social sign-in (the desktop app hands these off to the browser with `?provider=`). */
export async function signInWithProvider(provider: string, callbackURL: string): Promise<void> {
  const { error } = await authClient.signIn.social({ provider, callbackURL })
  if (error) toastError(error)
}

/** Signs out and forgets the user and every cached answer; the auth gate then shows the sign-in page. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const { error } = await authClient.signOut()
  if (error && error.status !== 401) {
    toastError(error)
    return
  }
  useSessionStore.getState().clearSession(true)
  queryClient.clear()
}
