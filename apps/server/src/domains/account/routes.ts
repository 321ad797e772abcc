/**
 * Settings → Privacy's two calls: `GET /api/account/export` (my data as a JSON download) and
 * `POST /api/auth/delete-user` (SPEC §7's delete-user, answered by Brook before better-auth:
 * password and two-factor checked, everything of mine removed in one transaction).
 */
import { createRoute, z } from '@hono/zod-openapi'
import { AppError } from '../../lib/appError.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { settingsTabSchemas } from '@brook/shared'
import { ActionRuleSchema } from '../actions/ruleSchema.ts'
import type { AccountService } from './service.ts'

const nullableString = z.string().nullable()

/** The downloaded document (format `brook-account-export`, version 1). */
export const AccountExportSchema = z
  .object({
    format: z.literal('brook-account-export'),
    version: z.literal(1),
    exportedAt: z.string(),
    profile: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      handle: nullableString,
      image: nullableString,
      bio: nullableString,
      website: nullableString,
      socialLinks: z.record(z.string(), z.string()),
      role: z.string(),
      roleEndAt: nullableString,
      twoFactorEnabled: z.boolean(),
      createdAt: z.string(),
    }),
    settings: z.object({
      settings: z.object({ ui: settingsTabSchemas.ui, general: settingsTabSchemas.general, ai: settingsTabSchemas.ai }),
      updated: z.object({ ui: nullableString, general: nullableString, ai: nullableString }),
    }),
    subscriptions: z.array(
      z.object({
        id: z.string(),
        type: z.enum(['feed', 'list', 'inbox']),
        feedId: nullableString,
        listId: nullableString,
        inboxId: nullableString,
        url: nullableString,
        siteUrl: nullableString,
        title: nullableString,
        category: nullableString,
        view: z.number(),
        isPrivate: z.boolean(),
        hideFromTimeline: z.boolean(),
        createdAt: z.string(),
      }),
    ),
    opml: z.string().openapi({ description: 'The feed subscriptions as OPML 2.0, categories as folders (what GET /subscriptions/export gives)' }),
    lists: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        description: nullableString,
        image: nullableString,
        view: z.number(),
        fee: z.number(),
        subscriptionCount: z.number(),
        createdAt: z.string(),
        feeds: z.array(z.object({ id: z.string(), url: z.string(), title: nullableString })),
      }),
    ),
    inboxes: z.array(z.object({ handle: z.string(), title: nullableString, createdAt: z.string() })),
    starred: z.array(
      z.object({ entryId: z.string(), feedId: nullableString, view: z.number(), starredAt: z.string(), title: nullableString, url: nullableString, author: nullableString, publishedAt: z.string(), guid: z.string() }),
    ),
    reads: z.object({
      total: z.number().openapi({ description: 'Entries marked read in all; `entries` holds the newest 100,000' }),
      entries: z.array(z.object({ entryId: z.string(), feedId: nullableString, guid: z.string(), url: nullableString, readAt: z.string() })),
    }),
    actions: z.array(ActionRuleSchema).openapi({ description: 'My automation rules, as Settings → Actions keeps them' }),
    achievements: z.array(z.object({ id: z.string(), state: z.string(), progress: z.number(), completedAt: nullableString, receivedAt: nullableString })),
    invitations: z.array(z.object({ code: z.string(), createdAt: z.string(), usedAt: nullableString })),
    wallet: z.object({
      balance: z.string().openapi({ description: 'POWER in smallest units (10^18 a POWER)' }),
      cashable: z.string(),
      transfers: z.array(
        z.object({ id: z.string(), kind: z.string(), direction: z.enum(['in', 'out']), amount: z.string(), counterparty: z.enum(['user', 'feed', 'treasury', 'burn']), reference: nullableString, createdAt: z.string() }),
      ),
      withdrawals: z.array(z.object({ id: z.string(), feedId: nullableString, amount: z.string(), address: nullableString, status: z.string(), createdAt: z.string(), settledAt: nullableString })),
    }),
  })
  .openapi('AccountExport')

const exportRoute = createRoute({
  method: 'get',
  path: '/export',
  tags: ['account'],
  summary: 'Download my data: profile, settings, subscriptions (also as OPML), lists, inboxes, starred entries, read state, rules, achievements, invitations and POWER wallet — only the caller’s',
  responses: {
    200: jsonResponse(envelope(AccountExportSchema), 'The document in the envelope, sent as an attachment (brook-data-YYYY-MM-DD.json); the web app saves `data`'),
    ...errors(6000),
  },
})

const deleteUserRoute = createRoute({
  method: 'post',
  path: '/delete-user',
  tags: ['auth'],
  summary:
    'Delete my account: the password (1002 when missing or wrong) and, with two-factor on, the authenticator code (4008 without, 4007 wrong). Everything of mine is removed; my POWER balance goes back to the treasury. Not with an API token (1004)',
  request: jsonBody(z.strictObject({ password: z.string().max(128).optional(), code: z.string().max(32).optional() })),
  responses: {
    200: jsonResponse(
      envelope(z.object({ deleted: z.literal(true), returnedToTreasury: z.string(), subscriptions: z.number(), listsDeleted: z.number(), followersOfListsRemoved: z.number() })),
      'The account is gone; its sessions ended',
    ),
    ...errors(1002, 1004, 4007, 4008, 6000),
  },
})

/** GET /api/account/export. */
export function accountExportRoutes({ account }: { account: AccountService }) {
  return createRouter().openapi(exportRoute, async (c) => {
    const user = requireUser(c)
    const data = await account.export(user)
    c.header('Content-Disposition', `attachment; filename="brook-data-${data.exportedAt.slice(0, 10)}.json"`)
    c.header('Cache-Control', 'no-store')
    return c.json(ok(data), 200)
  })
}

/** POST /api/auth/delete-user (mounted before better-auth's catch-all). */
export function deleteUserRoutes({ account }: { account: AccountService }) {
  return createRouter().openapi(deleteUserRoute, async (c) => {
    const user = requireUser(c)
    // An API token may read and write feeds, never close the account it belongs to.
    const sessionId = c.get('sessionId')
    if (!sessionId) throw new AppError(1004, { reason: 'Delete the account from a signed-in session, not with an API token' })
    const closed = await account.close(user, sessionId, c.req.valid('json'))
    c.get('sessionChanged')?.(user.id)
    c.get('log').info({ userId: user.id, ...closed }, 'account deleted')
    return c.json(ok({ deleted: true as const, ...closed }), 200)
  })
}
