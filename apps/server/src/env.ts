/** The only reader of process.env: every setting of the server, parsed with zod at boot. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { USER_ROLES } from '@brook/shared'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const optionalUrl = z.url().optional()

/** Schema of the configuration; each key is an environment variable. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres|postgresql):\/\//.test(v) || /^(sqlite:|file:)/.test(v) || v.endsWith('.db'), 'must be a postgres:// URL or a SQLite file path')
    .optional(),
  REDIS_URL: z.string().refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL').optional(),
  SERVICES: z
    .string()
    .default('web,worker,scheduler')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['web', 'worker', 'scheduler'])).min(1)),
  /** Unset: the process leases a free worker id from the database (docs/operations.md). */
  WORKER_ID: z.coerce.number().int().min(0).max(1023).optional(),
  /** SQLite: worker threads entry searches run in (domains/search/searchThreads.ts); 0 runs them on the main thread. */
  SEARCH_THREADS: z.coerce.number().int().min(0).max(16).default(Math.min(4, os.availableParallelism())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEFAULT_ROLE: z.enum(USER_ROLES).default('free'),
  AUTH_RATE_LIMIT: bool.default(true),
  AUTH_SIGNIN_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /**
   * One more sign-in provider speaking OAuth 2.0 or OpenID Connect (Keycloak, Authentik, GitLab,
   * Gitea…; auth/oauthProvider.ts): its id (in URLs), the name on its button, the client, and either
   * OAUTH_DISCOVERY_URL or the authorization, token and userinfo endpoints.
   */
  OAUTH_PROVIDER_ID: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'must be lowercase letters, digits and -, at most 32').optional(),
  OAUTH_PROVIDER_NAME: z.string().max(64).optional(),
  OAUTH_CLIENT_ID: z.string().optional(),
  OAUTH_CLIENT_SECRET: z.string().optional(),
  OAUTH_DISCOVERY_URL: optionalUrl,
  OAUTH_AUTHORIZATION_URL: optionalUrl,
  OAUTH_TOKEN_URL: optionalUrl,
  OAUTH_USERINFO_URL: optionalUrl,
  /** Space- or comma-separated scopes asked of the provider (default: openid email profile with discovery, else email profile). */
  OAUTH_SCOPES: z.string().optional(),
  SMTP_URL: z.string().refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Brook <brook@localhost>'),
  /** The instance's purchase receipt verification service (domains/referrals/receiptVerifier.ts); unset: no receipt is accepted. */
  RECEIPT_VERIFIER_URL: optionalUrl,
  REQUEST_BODY_LIMIT: z.coerce.number().int().min(1024).default(1024 * 1024),
  UPLOAD_BODY_LIMIT: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  /** Uploads in an S3-compatible bucket (docs/instance-admin.md "Upload storage"); unset: files under DATA_DIR/uploads. */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional(),
  /** The store's address (MinIO, R2, Garage…); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Address objects as {endpoint}/{bucket}/{key} (most self-hosted stores) instead of {bucket}.{endpoint}/{key}. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Key prefix inside the bucket (e.g. "brook/"). */
  S3_PREFIX: z.string().regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or end with /').default(''),
  /** Where the bucket's objects are publicly readable ({S3_PUBLIC_URL}/{key}); set: files are redirected there, unset: Brook serves them from the bucket. */
  S3_PUBLIC_URL: optionalUrl,
  FETCH_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  FETCH_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Feeds refreshed at once by one worker process. */
  REFRESH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  /** Fetches to one host at once, per process (politeness towards big hosts). */
  REFRESH_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  /** How often the scheduler looks for due feeds. */
  SCHEDULER_INTERVAL_SECONDS: z.coerce.number().min(0.05).max(3600).default(10),
  /** How old a trending ranking may get before the scheduler computes it again (docs/trending.md). */
  TRENDING_REFRESH_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** Due feeds the scheduler enqueues per tick at most. */
  SCHEDULER_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(500),
  RSSHUB_URL: optionalUrl,
  /** RSSHub instances on private or LAN addresses may be used by their owners (unset: true on a single-user instance, false once a second account exists; docs/rsshub.md). */
  RSSHUB_ALLOW_PRIVATE_NETWORKS: bool.optional(),
  SUBSCRIPTION_LIMIT: z.coerce.number().int().min(1).default(5000),
  TRIAL_FEED_LIMIT: z.coerce.number().int().min(0).default(100),
  TRIAL_LIST_LIMIT: z.coerce.number().int().min(0).default(10),
  TRIAL_INBOX_LIMIT: z.coerce.number().int().min(0).default(2),
  OPML_IMPORT_QUOTA: z.coerce.number().int().min(1).default(500),
  /** POWER (docs/power.md): the daily claim's base in whole POWER (× role weight × activity 1–5). */
  POWER_DAILY_BASE: z.coerce.number().int().min(0).max(1_000_000).default(10),
  /** What GET /api/wallets/power-price answers (a decimal string, e.g. "0.01"); unset: null. */
  POWER_PRICE: z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal number').optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** How long a stopping process waits for open requests and jobs before it exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Abuse limits on the routes that make the server fetch other sites (docs/operations.md). */
  RATE_LIMIT: bool.default(true),
  RATE_LIMIT_FETCH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_FETCH_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
  /** The built-in SMTP receiver's port (web role); unset: no SMTP receiver. */
  INBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address it listens on (default HOST). */
  INBOX_SMTP_HOST: z.string().optional(),
  /** Mail to {handle}@INBOX_DOMAIN reaches an inbox (default: the host of PUBLIC_URL, else localhost). */
  INBOX_DOMAIN: z.string().optional(),
  /** A message larger than this is refused (SMTP 552). */
  INBOX_MAX_BYTES: z.coerce.number().int().min(1024).default(25 * 1024 * 1024),
  /** Recipients of one message at most (SMTP 452 beyond). */
  INBOX_MAX_RECIPIENTS: z.coerce.number().int().min(1).max(1000).default(20),
  /** One attachment larger than this is not kept. */
  INBOX_ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  /** Authenticates POST /api/inboxes/email (header X-Inbox-Email-Secret); unset: the route answers 5. */
  INBOX_EMAIL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** AI (issue 10, docs/ai.md): an OpenAI-compatible endpoint for the whole instance; none → built-in extractive summaries. */
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  /** A text-to-speech model at the same endpoint (`/audio/speech`); unset → the browser's speech synthesis. */
  AI_TTS_MODEL: z.string().optional(),
  /** Longest wait for one provider answer. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Provider tokens one user may spend per UTC day on the instance's provider (admins unlimited; 0 = unlimited). */
  AI_DAILY_TOKEN_BUDGET: z.coerce.number().int().min(0).default(200_000),
  /** Roles allowed to chat (comma-separated; default every role). */
  AI_CHAT_ROLES: z
    .string()
    .default(USER_ROLES.join(','))
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(USER_ROLES))),
  /** Integrations may call private addresses (a self-hosted Readeck, Outline or qBittorrent on the LAN). */
  INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  /** Longest wait for one integration call. */
  INTEGRATIONS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Action rules a user may keep (more: error 12000). */
  ACTION_RULE_LIMIT: z.coerce.number().int().min(1).max(1000).default(50),
  /** The file of variables loaded at start when present (variables already set win). */
  ENV_FILE: z.string().default('.env'),
})

export type Env = z.infer<typeof envSchema>

/** Thrown for a bad configuration; the message names each offending variable. */
export class EnvError extends Error {}

/** Parses a record of variables (process.env by default); empty strings count as unset. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned: Record<string, string> = {}
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key]
    if (value !== undefined && value !== '') cleaned[key] = value
  }
  const result = envSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const oauth = oauthProviderProblem(result.data)
  if (oauth) throw new EnvError(`Invalid configuration:\n  ${oauth}`)
  return result.data
}

/** What is missing for the OAUTH_ sign-in provider, or null when it is complete or not configured at all. */
function oauthProviderProblem(env: Env): string | null {
  const set = Object.entries(env).filter(([key, value]) => key.startsWith('OAUTH_') && value !== undefined)
  if (set.length === 0) return null
  const missing = ['OAUTH_PROVIDER_ID', 'OAUTH_CLIENT_ID'].filter((key) => !env[key as keyof Env])
  if (!env.OAUTH_DISCOVERY_URL && !(env.OAUTH_AUTHORIZATION_URL && env.OAUTH_TOKEN_URL && env.OAUTH_USERINFO_URL)) missing.push('OAUTH_DISCOVERY_URL (or OAUTH_AUTHORIZATION_URL, OAUTH_TOKEN_URL and OAUTH_USERINFO_URL)')
  return missing.length ? `OAUTH_*: the OAuth sign-in provider needs ${missing.join(', ')}` : null
}

/**
 * Loads the variables of `ENV_FILE` (default `.env` in the working directory) into the process
 * environment when that file exists; a variable already set in the environment keeps its value.
 * Returns the file loaded, or null.
 */
export function loadEnvFile(file: string = process.env.ENV_FILE || '.env'): string | null {
  const resolved = path.resolve(file)
  if (!fs.existsSync(resolved)) return null
  process.loadEnvFile(resolved)
  return resolved
}

/** Absolute data directory. */
export function dataDir(env: Env): string {
  return path.resolve(env.DATA_DIR)
}

export type S3Settings = { bucket: string; endpoint?: string; region: string; credentials?: { accessKeyId: string; secretAccessKey: string }; forcePathStyle: boolean; prefix: string; publicUrl?: string }

/** The S3-compatible upload store when S3_BUCKET is set, else null; one key without the other is a configuration error. */
export function s3Settings(env: Env): S3Settings | null {
  const keys = [env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].filter(Boolean).length
  if (keys === 1) throw new EnvError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together')
  if (!env.S3_BUCKET) {
    if (env.S3_ENDPOINT || keys || env.S3_PUBLIC_URL) throw new EnvError('Invalid configuration:\n  S3_BUCKET: required when other S3_* variables are set')
    return null
  }
  return {
    bucket: env.S3_BUCKET,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    region: env.S3_REGION,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    ...(env.S3_PUBLIC_URL ? { publicUrl: env.S3_PUBLIC_URL.replace(/\/+$/, '') } : {}),
  }
}

/** The SQLite file or PostgreSQL URL the server opens. */
export function databaseLocation(env: Env): { dialect: 'postgres'; url: string } | { dialect: 'sqlite'; file: string } {
  const url = env.DATABASE_URL
  if (url && /^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url }
  if (url) return { dialect: 'sqlite', file: path.resolve(url.replace(/^(sqlite:|file:)(\/\/)?/, '')) }
  return { dialect: 'sqlite', file: path.join(dataDir(env), 'brook.db') }
}

/** Test-only connection strings (read here so nothing else touches process.env). */
export const testEnv = {
  databaseUrl: process.env.TEST_DATABASE_URL || undefined,
  redisUrl: process.env.TEST_REDIS_URL || undefined,
}

// msgpackr (pulled in by BullMQ) would load a native addon; Brook runs without native addons.
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED ??= 'true'
