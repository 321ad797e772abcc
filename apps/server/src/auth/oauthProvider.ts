/**
 * The instance's own OAuth 2.0 / OpenID Connect sign-in provider (OAUTH_* variables), registered
 * with better-auth's generic OAuth plugin: it then works like GitHub and Google — the same
 * `POST /api/auth/sign-in/social {provider}` and `/api/auth/callback/{id}` (docs/desktop.md).
 */
import type { GenericOAuthConfig } from 'better-auth/plugins'
import type { Env } from '../env.ts'

export type OAuthProviderEnv = Pick<
  Env,
  | 'OAUTH_PROVIDER_ID'
  | 'OAUTH_PROVIDER_NAME'
  | 'OAUTH_CLIENT_ID'
  | 'OAUTH_CLIENT_SECRET'
  | 'OAUTH_DISCOVERY_URL'
  | 'OAUTH_AUTHORIZATION_URL'
  | 'OAUTH_TOKEN_URL'
  | 'OAUTH_USERINFO_URL'
  | 'OAUTH_SCOPES'
>

/** The provider's id and button name, or null when none is configured (env.ts refuses a half-configured one). */
export function oauthProviderOf(env: OAuthProviderEnv): { id: string; name: string } | null {
  if (!env.OAUTH_PROVIDER_ID || !env.OAUTH_CLIENT_ID) return null
  return { id: env.OAUTH_PROVIDER_ID, name: env.OAUTH_PROVIDER_NAME ?? env.OAUTH_PROVIDER_ID }
}

/** The generic OAuth plugin's configuration for it (empty when none). */
export function oauthProviderConfigs(env: OAuthProviderEnv): GenericOAuthConfig[] {
  const provider = oauthProviderOf(env)
  if (!provider) return []
  const scopes = env.OAUTH_SCOPES?.split(/[\s,]+/).filter(Boolean) ?? (env.OAUTH_DISCOVERY_URL ? ['openid', 'email', 'profile'] : ['email', 'profile'])
  return [
    {
      providerId: provider.id,
      name: provider.name,
      clientId: env.OAUTH_CLIENT_ID!,
      clientSecret: env.OAUTH_CLIENT_SECRET,
      discoveryUrl: env.OAUTH_DISCOVERY_URL,
      authorizationUrl: env.OAUTH_AUTHORIZATION_URL,
      tokenUrl: env.OAUTH_TOKEN_URL,
      userInfoUrl: env.OAUTH_USERINFO_URL,
      scopes,
      pkce: true,
    },
  ]
}
