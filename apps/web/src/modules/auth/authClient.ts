/** The better-auth client, mounted on the same origin at `/api/auth`. */
import { oneTimeTokenClient, twoFactorClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'
import { currentAppHeaders } from '../../api/client.ts'
import { authBaseUrl } from '../../env.ts'
import { readLocal, StorageKeys } from '../../lib/storage.ts'

export const authClient = createAuthClient({
  baseURL: authBaseUrl(),
  // Two-factor: enable/disable, TOTP URI, backup codes, and the second sign-in step.
  // One-time tokens: the desktop app's social sign-in hand-off (DesktopHandOff, SocialSignIn).
  plugins: [twoFactorClient(), oneTimeTokenClient()],
  fetchOptions: {
    credentials: 'include',
    onRequest(context) {
      // SPEC §7: the identifying headers on every call, plus a stored referral code on auth calls.
      for (const [name, value] of Object.entries(currentAppHeaders())) context.headers.set(name, value)
      const referral = readLocal(StorageKeys.referralCode)
      if (referral) context.headers.set('X-Referral-Code', referral)
      // The invitation code entered on /invitation goes with the sign-up (invitation-only instances).
      const invitation = readLocal(StorageKeys.invitationCode)
      if (invitation && context.url.toString().includes('/sign-up/')) context.headers.set('X-Invitation-Code', invitation)
      return context
    },
  },
})

/** The error shape better-auth answers with: `{code, message}` plus the HTTP status. */
export interface AuthError {
  code?: string
  message?: string
  status?: number
  statusText?: string
}
