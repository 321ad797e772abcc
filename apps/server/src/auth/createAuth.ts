/**
 * Accounts with better-auth on Brook's own database: e-mail + password, sessions, e-mail
 * verification and password reset through the mailer, two-factor, one-time tokens, bearer
 * tokens, and GitHub/Google and one OAuth 2.0 / OpenID Connect provider (OAUTH_*) when configured. The first user of an instance is admin.
 *
 * better-auth is the largest package of the server (~35 MB once loaded): `lazyAuth` builds the
 * instance at the first request that needs it, not at start-up (docs/performance.md, "Idle memory").
 */
import crypto from 'node:crypto'
import { newId, REFERRAL_HEADER, type UserRole } from '@brook/shared'
import type { Env } from '../env.ts'
import type { OpenDatabase } from '../db/openDatabase.ts'
import type { Mailer } from '../domains/mail/mailer.ts'
import type { InstanceRepo } from '../domains/instance/repo.ts'
import type { InvitationsService } from '../domains/invitations/service.ts'
import type { ReferralsService } from '../domains/referrals/service.ts'
import { toIso } from '../lib/time.ts'
import { oauthProviderConfigs } from './oauthProvider.ts'
import { lazily, requireModule } from '../lib/lazyRequire.ts'

/** Header the web app sends on sign-up with the invitation code the user entered (/invitation). */
export const INVITATION_HEADER = 'x-invitation-code'

/** Header the server sets from the socket address so rate limits key on the real client. */
export const CLIENT_IP_HEADER = 'x-brook-client-ip'

export interface AuthDeps {
  env: Env
  database: OpenDatabase
  mailer: Mailer
  instance: InstanceRepo
  /** Sign-up by invitation and disabled accounts (domains/invitations, domains/admin); without it, neither. */
  accounts?: {
    invitations: Pick<InvitationsService, 'admitSignUp' | 'claimForSignUp' | 'bindSignUp'>
    /** Sign-up by referral (domains/referrals): the 45-day trial for the new account, days for the referrer. */
    referrals?: Pick<ReferralsService, 'referrerFor' | 'startingRole' | 'recordSignUp'>
    isDisabled(userId: string): Promise<boolean>
  }
}

/** The auth secret: AUTH_SECRET, else one generated once per instance and kept in the database. */
export async function resolveAuthSecret(env: Env, instance: InstanceRepo): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET
  return instance.getOrInsert('auth_secret', crypto.randomBytes(32).toString('base64url'))
}

export function createAuth(deps: AuthDeps, secret: string) {
  const { betterAuth } = requireModule<typeof import('better-auth')>('better-auth')
  const { bearer, customSession, genericOAuth, oneTimeToken, twoFactor } = requireModule<typeof import('better-auth/plugins')>('better-auth/plugins')
  const { APIError } = requireModule<typeof import('better-auth/api')>('better-auth/api')
  const { env, database, mailer, instance, accounts } = deps
  const socialProviders: Record<string, { clientId: string; clientSecret: string }> = {}
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) socialProviders.github = { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET }
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) socialProviders.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }

  return betterAuth({
    appName: 'Brook',
    secret,
    basePath: '/api/auth',
    baseURL: env.PUBLIC_URL,
    // Same-origin requests are trusted whatever host/port the instance is reached on.
    trustedOrigins: (request) => [request ? new URL(request.url).origin : undefined, env.PUBLIC_URL],
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    // better-auth prints its own warnings; they follow LOG_LEVEL (silent mutes them, as it does ours).
    logger: { disabled: env.LOG_LEVEL === 'silent', level: env.LOG_LEVEL === 'error' || env.LOG_LEVEL === 'fatal' ? 'error' : 'warn' },
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.PUBLIC_URL?.startsWith('https://') ?? false,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, input: false, defaultValue: env.DEFAULT_ROLE },
        roleEndAt: { type: 'date', required: false, input: false },
        handle: { type: 'string', required: false, unique: true },
        bio: { type: 'string', required: false },
        website: { type: 'string', required: false },
        socialLinks: { type: 'string', required: false },
      },
      changeEmail: {
        enabled: true,
        // A verified user first confirms from the old address; the new one is then verified as usual.
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          await mailer.send({ to: user.email, subject: 'Confirm your Brook e-mail change', text: `Open this link to change your e-mail address to ${newEmail}: ${url}`, kind: 'change-email' })
        },
      },
      deleteUser: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({ to: user.email, subject: 'Reset your Brook password', text: `Open this link to choose a new password: ${url}`, kind: 'reset-password' })
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({ to: user.email, subject: 'Verify your Brook e-mail address', text: `Open this link to verify your e-mail address: ${url}`, kind: 'verify-email' })
      },
    },
    socialProviders,
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: env.AUTH_SIGNIN_MAX_PER_MINUTE },
        '/sign-up/email': { window: 60, max: 20 },
        '/two-factor/verify-totp': { window: 60, max: env.AUTH_SIGNIN_MAX_PER_MINUTE },
        '/two-factor/verify-backup-code': { window: 60, max: env.AUTH_SIGNIN_MAX_PER_MINUTE },
        '/forget-password': { window: 300, max: 5 },
        '/request-password-reset': { window: 300, max: 5 },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, context) => {
            const firstUser = (await instance.userCount()) === 0
            // The registration mode was checked before better-auth ran (app.ts); a sign-up the
            // server did not see (social sign-in) is checked here, and the code is spent once.
            // Calls from inside the server (the CLI's create-admin) carry no request and pass.
            let code: string | null = null
            let referrer: string | null = null
            if (accounts && context?.request) {
              code = await accounts.invitations.admitSignUp({ code: context.headers?.get(INVITATION_HEADER) ?? null, firstUser }).catch((error: unknown) => {
                throw new APIError('BAD_REQUEST', { message: error instanceof Error ? error.message : 'Invalid invitation' })
              })
              if (!firstUser && accounts.referrals) {
                referrer = await accounts.referrals.referrerFor(context.headers?.get(REFERRAL_HEADER)).catch(() => {
                  throw new APIError('BAD_REQUEST', { message: 'Invalid referral code' })
                })
              }
              if (code && !(await accounts.invitations.claimForSignUp(code, user.email))) throw new APIError('BAD_REQUEST', { message: 'Invitation code already used' })
            }
            const role: UserRole = firstUser ? 'admin' : code ? 'pre_pro' : env.DEFAULT_ROLE
            // By referral: the 45-day Pro preview trial, unless the plan is already as good.
            if (referrer && accounts?.referrals) return { data: { ...user, ...accounts.referrals.startingRole(role) } }
            return { data: { ...user, role } }
          },
          after: async (user, context) => {
            const code = context?.request ? context.headers?.get(INVITATION_HEADER) : null
            if (accounts && code) await accounts.invitations.bindSignUp(code.trim().toUpperCase(), user.email, user.id)
            const referral = context?.request ? context.headers?.get(REFERRAL_HEADER) : null
            if (accounts?.referrals && referral) {
              const referrer = await accounts.referrals.referrerFor(referral).catch(() => null)
              if (referrer) await accounts.referrals.recordSignUp(referrer, user.id)
            }
          },
        },
      },
      session: {
        create: {
          // A disabled account gets no new session.
          before: async (session) => !(accounts && (await accounts.isDisabled(session.userId))),
        },
      },
    },
    plugins: [
      twoFactor({
        issuer: 'Brook',
        // Codes by e-mail (POST /two-factor/send-otp, then /two-factor/verify-otp): through the mailer
        // (SMTP, or mail_outbox when SMTP_URL is unset); kept hashed, valid 5 minutes.
        otpOptions: {
          period: 5,
          storeOTP: 'hashed',
          sendOTP: async ({ user, otp }) => {
            await mailer.send({ to: user.email, subject: `Your Brook sign-in code: ${otp}`, text: `Your Brook sign-in code is ${otp}. It is valid for 5 minutes. If you did not try to sign in, change your password.`, kind: 'two-factor-code' })
          },
        },
      }),
      // The desktop app's social sign-in hand-off (docs/desktop.md): the browser that signed in
      // passes one of these to the app window, which trades it for the session.
      oneTimeToken({ expiresIn: 3 }),
      ...(oauthProviderConfigs(env).length ? [genericOAuth({ config: oauthProviderConfigs(env) })] : []),
      bearer(),
      customSession(async ({ user, session }) => {
        const u = user as typeof user & { role?: string; roleEndAt?: Date | string | null }
        return { user, session, role: u.role ?? env.DEFAULT_ROLE, roleEndAt: toIso(u.roleEndAt ?? null) }
      }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>

/** An Auth that builds the real one (and loads better-auth) at its first use. */
export function lazyAuth(deps: AuthDeps, secret: string): Auth {
  const real = lazily(() => createAuth(deps, secret))
  return new Proxy({} as Auth, {
    get: (_target, key) => Reflect.get(real(), key),
    has: (_target, key) => Reflect.has(real(), key),
  })
}
