/** GET /api/status/configs: what this instance is, what it has enabled, and its limits (public). */
import { createRoute, z } from '@hono/zod-openapi'
import { APP_VERSION, FEATURE_FLAGS, type FeatureFlag } from '@brook/shared'
import type { Env } from '../../env.ts'
import type { OpenDatabase } from '../../db/openDatabase.ts'
import { createRouter, ok } from '../../lib/router.ts'
import { inboxDomain } from '../inboxes/inboxDomain.ts'
import { socialProvidersOf } from './signInProviders.ts'

const ConfigsSchema = z.object({
  name: z.string(),
  version: z.string(),
  features: z.object({
    database: z.enum(['sqlite', 'postgres']),
    queue: z.enum(['in-process', 'bullmq']),
    emailDelivery: z.enum(['outbox', 'smtp']),
    socialProviders: z.array(z.string()),
    rsshub: z.boolean(),
    ai: z.boolean(),
    twoFactor: z.boolean(),
    inbox: z
      .object({
        domain: z.string().openapi({ description: 'Inbox e-mail addresses are {handle}@{domain} (INBOX_DOMAIN, else the host of PUBLIC_URL, else localhost)' }),
        smtp: z.boolean().openapi({ description: 'The built-in SMTP receiver runs (INBOX_SMTP_PORT)' }),
        http: z.boolean().openapi({ description: 'POST /api/inboxes/email is open (INBOX_EMAIL_SECRET)' }),
      })
      .openapi({ description: 'E-mail into inboxes' }),
  }),
  limits: z.object({
    subscriptions: z.number(),
    trialFeeds: z.number(),
    trialLists: z.number(),
    trialInboxes: z.number(),
    opmlImport: z.number(),
    requestBodyBytes: z.number(),
    uploadBodyBytes: z.number(),
  }),
  flags: z.object(Object.fromEntries(FEATURE_FLAGS.map((name) => [name, z.boolean()])) as Record<FeatureFlag, z.ZodBoolean>).openapi({ description: 'The admin’s feature flags as they apply to the caller' }),
})

const route = createRoute({
  method: 'get',
  path: '/configs',
  tags: ['status'],
  summary: 'Instance version, enabled features and limits',
  responses: { 200: { description: 'Configuration', content: { 'application/json': { schema: z.object({ code: z.literal(0), data: ConfigsSchema }) } } } },
})

export function statusRoutes({ env, database, featureFlags }: { env: Env; database: OpenDatabase; featureFlags: { evaluate(userId: string | null): Promise<Record<FeatureFlag, boolean>> } }) {
  const socialProviders = socialProvidersOf(env)
  const data: Omit<z.infer<typeof ConfigsSchema>, 'flags'> = {
    name: 'Brook',
    version: APP_VERSION,
    features: {
      database: database.dialect,
      queue: env.REDIS_URL ? 'bullmq' : 'in-process',
      emailDelivery: env.SMTP_URL ? 'smtp' : 'outbox',
      socialProviders,
      rsshub: Boolean(env.RSSHUB_URL),
      ai: false,
      twoFactor: true,
      inbox: { domain: inboxDomain(env), smtp: env.INBOX_SMTP_PORT !== undefined, http: Boolean(env.INBOX_EMAIL_SECRET) },
    },
    limits: {
      subscriptions: env.SUBSCRIPTION_LIMIT,
      trialFeeds: env.TRIAL_FEED_LIMIT,
      trialLists: env.TRIAL_LIST_LIMIT,
      trialInboxes: env.TRIAL_INBOX_LIMIT,
      opmlImport: env.OPML_IMPORT_QUOTA,
      requestBodyBytes: env.REQUEST_BODY_LIMIT,
      uploadBodyBytes: env.UPLOAD_BODY_LIMIT,
    },
  }
  // The admin's feature flags as they apply to the caller (signed out: those on for everyone).
  return createRouter().openapi(route, async (c) => c.json(ok({ ...data, flags: await featureFlags.evaluate(c.get('user')?.id ?? null) }), 200))
}
