/**
 * Integration settings (SPEC §3 "integration": enable flags and credentials per service, the
 * customIntegration list), each service described exactly. Stored whole on the server; answers
 * carry only whether a secret is set and its last four characters (`present.ts`).
 */
import { z } from '@hono/zod-openapi'

/** Services Brook calls from the server. */
export const SERVER_SERVICES = ['readwise', 'instapaper', 'readeck', 'cubox', 'outline', 'zotero', 'qbittorrent'] as const
export type ServerService = (typeof SERVER_SERVICES)[number]

const url = z.string().max(2048)
const secret = z.string().max(2000)
const name = z.string().max(200)

/** What is stored per service (secrets in full). */
export const StoredIntegrationsSchema = z.object({
  readwise: z.object({ enabled: z.boolean(), token: secret }).partial(),
  instapaper: z.object({ enabled: z.boolean(), username: name, password: secret }).partial(),
  readeck: z.object({ enabled: z.boolean(), baseUrl: url, token: secret }).partial(),
  cubox: z.object({ enabled: z.boolean(), apiUrl: secret }).partial(),
  outline: z.object({ enabled: z.boolean(), baseUrl: url, token: secret, collectionId: name }).partial(),
  zotero: z.object({ enabled: z.boolean(), userId: name, apiKey: secret, itemType: z.enum(['webpage', 'blogPost']) }).partial(),
  qbittorrent: z.object({ enabled: z.boolean(), baseUrl: url, username: name, password: secret }).partial(),
  eagle: z.object({ enabled: z.boolean() }).partial(),
  obsidian: z.object({ enabled: z.boolean(), vault: name, folder: name }).partial(),
  customIntegration: z.array(
    z.object({
      id: z.string().max(64),
      name,
      enabled: z.boolean(),
      type: z.enum(['http', 'url']),
      method: z.enum(['GET', 'POST', 'PUT', 'PATCH']),
      url,
      headers: z.array(z.object({ name: z.string().max(200), value: secret })),
      body: z.string().max(20_000),
    }),
  ),
}).partial()

export type StoredIntegrations = z.infer<typeof StoredIntegrationsSchema>

/** A secret as answers show it. */
const SecretState = z.object({ set: z.boolean(), hint: z.string().nullable().openapi({ description: 'The last four characters, or null' }) }).openapi('IntegrationSecret')

export const CustomIntegrationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    type: z.enum(['http', 'url']).openapi({ description: 'http: the server sends the request; url: the app opens the URL (a custom URL scheme)' }),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH']),
    url: z.string().openapi({ description: 'May hold {{title}} {{url}} {{content}} {{author}} {{publishedAt}}' }),
    headers: z.array(z.object({ name: z.string(), value: SecretState })),
    body: z.string(),
  })
  .openapi('CustomIntegration')

/** The integration settings as answered: every service, secrets masked. */
export const IntegrationSettingsSchema = z
  .object({
    readwise: z.object({ enabled: z.boolean(), token: SecretState }),
    instapaper: z.object({ enabled: z.boolean(), username: z.string(), password: SecretState }),
    readeck: z.object({ enabled: z.boolean(), baseUrl: z.string(), token: SecretState }),
    cubox: z.object({ enabled: z.boolean(), apiUrl: SecretState }),
    outline: z.object({ enabled: z.boolean(), baseUrl: z.string(), token: SecretState, collectionId: z.string() }),
    zotero: z.object({ enabled: z.boolean(), userId: z.string(), apiKey: SecretState, itemType: z.enum(['webpage', 'blogPost']) }),
    qbittorrent: z.object({ enabled: z.boolean(), baseUrl: z.string(), username: z.string(), password: SecretState }),
    eagle: z.object({ enabled: z.boolean() }),
    obsidian: z.object({ enabled: z.boolean(), vault: z.string(), folder: z.string() }),
    customIntegration: z.array(CustomIntegrationSchema),
  })
  .openapi('IntegrationSettings')

export type IntegrationSettings = z.infer<typeof IntegrationSettingsSchema>

/** A change of one service's settings; an absent secret keeps the stored one, '' clears it. */
export const IntegrationPatchSchema = z
  .discriminatedUnion('service', [
    z.strictObject({ service: z.literal('readwise'), enabled: z.boolean().optional(), token: secret.optional() }),
    z.strictObject({ service: z.literal('instapaper'), enabled: z.boolean().optional(), username: name.optional(), password: secret.optional() }),
    z.strictObject({ service: z.literal('readeck'), enabled: z.boolean().optional(), baseUrl: url.optional(), token: secret.optional() }),
    z.strictObject({ service: z.literal('cubox'), enabled: z.boolean().optional(), apiUrl: secret.optional() }),
    z.strictObject({ service: z.literal('outline'), enabled: z.boolean().optional(), baseUrl: url.optional(), token: secret.optional(), collectionId: name.optional() }),
    z.strictObject({ service: z.literal('zotero'), enabled: z.boolean().optional(), userId: name.optional(), apiKey: secret.optional(), itemType: z.enum(['webpage', 'blogPost']).optional() }),
    z.strictObject({ service: z.literal('qbittorrent'), enabled: z.boolean().optional(), baseUrl: url.optional(), username: name.optional(), password: secret.optional() }),
    z.strictObject({ service: z.literal('eagle'), enabled: z.boolean() }),
    z.strictObject({ service: z.literal('obsidian'), enabled: z.boolean().optional(), vault: name.optional(), folder: name.optional() }),
    z.strictObject({
      service: z.literal('customIntegration'),
      items: z
        .array(
          z.strictObject({
            id: z.string().min(1).max(64),
            name: name.min(1),
            enabled: z.boolean(),
            type: z.enum(['http', 'url']),
            method: z.enum(['GET', 'POST', 'PUT', 'PATCH']).default('POST'),
            url: z.string().min(1).max(2048),
            /** A header without a value keeps the value stored under that name. */
            headers: z.array(z.strictObject({ name: z.string().min(1).max(200), value: secret.optional() })).max(20).default([]),
            body: z.string().max(20_000).default(''),
          }),
        )
        .max(20),
    }),
  ])
  .openapi('IntegrationPatch')

export type IntegrationPatch = z.infer<typeof IntegrationPatchSchema>
