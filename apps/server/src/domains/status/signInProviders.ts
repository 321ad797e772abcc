/** The sign-in providers this instance offers: e-mail and password always, GitHub/Google and the OAUTH_ provider when configured. */
import type { Env } from '../../env.ts'
import { oauthProviderOf, type OAuthProviderEnv } from '../../auth/oauthProvider.ts'

export type SignInProvider = { id: string; name: string; type: 'credential' | 'social' }

/** The social providers with both client id and secret set (better-auth's socialProviders in auth/createAuth.ts). */
export function socialProvidersOf(env: Pick<Env, 'GITHUB_CLIENT_ID' | 'GITHUB_CLIENT_SECRET' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'> & OAuthProviderEnv): string[] {
  return [env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET ? 'github' : null, env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? 'google' : null, oauthProviderOf(env)?.id ?? null].filter(
    (p): p is string => p !== null,
  )
}

const NAMES: Record<string, string> = { github: 'GitHub', google: 'Google' }

export function signInProvidersOf(env: Parameters<typeof socialProvidersOf>[0]): SignInProvider[] {
  return [{ id: 'email', name: 'E-mail', type: 'credential' }, ...socialProvidersOf(env).map((id) => ({ id, name: NAMES[id] ?? (id === env.OAUTH_PROVIDER_ID ? oauthProviderOf(env)?.name : undefined) ?? id, type: 'social' as const }))]
}
