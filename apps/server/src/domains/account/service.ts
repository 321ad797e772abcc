/**
 * Settings → Privacy (issue 19): "Download my data" — the caller's own data as one JSON document —
 * and closing the account, confirmed by the password and, when two-factor is on, its code
 * (SPEC §8: 4008 without, 4007 wrong). docs/instance-admin.md, "Privacy".
 */
import { ErrorCodes } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import type { SessionUser } from '../../lib/context.ts'
import { requireModule } from '../../lib/lazyRequire.ts'
import { nowIso, toIso } from '../../lib/time.ts'
import type { SettingsService } from '../settings/service.ts'
import type { OpmlTransfer } from '../subscriptions/opmlTransfer.ts'
import { totpMatches } from '../wallets/twoFactorCheck.ts'
import { accountOwner } from '../wallets/ledger.ts'
import type { AccountRepo, ClosedAccount } from './repo.ts'
import type { ActionRule } from '../actions/ruleSchema.ts'

/** The export's format name and version: a reader of the file checks these first. */
export const EXPORT_FORMAT = 'brook-account-export' as const
export const EXPORT_VERSION = 1 as const

/** An account without a password (social sign-in only) is closed from a session at most this old. */
export const FRESH_SESSION_MS = 24 * 60 * 60 * 1000

const bool = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true'

function parseJson(text: string | null): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export function createAccountService(deps: { repo: AccountRepo; settings: Pick<SettingsService, 'get'>; opml: Pick<OpmlTransfer, 'export'>; authSecret: string }) {
  const { repo } = deps
  return {
    /** GET /account/export: everything of mine, in the shape of `AccountExportSchema`. */
    async export(user: SessionUser) {
      const row = await repo.user(user.id)
      if (!row) throw new AppError(ErrorCodes.UserNotFound)
      const [settings, subscriptions, lists, inboxes, starred, reads, rules, achievements, wallet, invitations, opml] = await Promise.all([
        deps.settings.get(user.id),
        repo.subscriptions(user.id),
        repo.ownedLists(user.id),
        repo.inboxes(user.id),
        repo.starred(user.id),
        repo.reads(user.id),
        repo.actionRules(user.id),
        repo.achievements(user.id),
        repo.wallet(user.id),
        repo.invitations(user.id),
        deps.opml.export(user.id, `${row.name} — Brook subscriptions`),
      ])
      return {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: nowIso(),
        profile: {
          id: row.id,
          name: row.name,
          email: row.email,
          emailVerified: bool(row.emailVerified),
          handle: row.handle,
          image: row.image,
          bio: row.bio,
          website: row.website,
          socialLinks: (parseJson(row.socialLinks) ?? {}) as Record<string, string>,
          role: row.role,
          roleEndAt: toIso(row.roleEndAt ?? null),
          twoFactorEnabled: bool(row.twoFactorEnabled),
          createdAt: toIso(row.createdAt) ?? '',
        },
        settings,
        subscriptions: subscriptions.map((s) => ({
          id: s.id,
          type: s.feedId ? ('feed' as const) : s.listId ? ('list' as const) : ('inbox' as const),
          feedId: s.feedId,
          listId: s.listId,
          inboxId: s.inboxId,
          url: s.feedUrl,
          siteUrl: s.siteUrl,
          title: s.title ?? s.feedTitle ?? s.listTitle ?? s.inboxTitle ?? null,
          category: s.category,
          view: s.view,
          isPrivate: bool(s.isPrivate),
          hideFromTimeline: bool(s.hideFromTimeline),
          createdAt: s.createdAt,
        })),
        opml,
        lists: lists.map((l) => ({ id: l.id, title: l.title, description: l.description, image: l.image, view: l.view, fee: Number(l.fee), subscriptionCount: Number(l.subscriptionCount), createdAt: l.createdAt, feeds: l.feeds })),
        inboxes: inboxes.map((i) => ({ handle: i.id, title: i.title, createdAt: i.createdAt })),
        starred: starred.map((s) => ({ entryId: s.entryId, feedId: s.feedId, view: s.view, starredAt: s.createdAt, title: s.title, url: s.url, author: s.author, publishedAt: s.publishedAt, guid: s.guid })),
        reads: { total: reads.total, entries: reads.rows.map((r) => ({ entryId: r.entryId, feedId: r.feedId, guid: r.guid, url: r.url, readAt: r.readAt })) },
        actions: (parseJson(rules) ?? []) as ActionRule[],
        achievements: achievements.map((a) => ({ id: a.achievementId, state: a.state, progress: Number(a.progress), completedAt: a.completedAt, receivedAt: a.receivedAt })),
        invitations: invitations.map((i) => ({ code: i.code, createdAt: i.createdAt, usedAt: i.usedAt })),
        wallet: {
          balance: wallet.balance,
          cashable: wallet.cashable,
          transfers: wallet.transfers.map((t) => {
            const outgoing = t.debitAccountId === wallet.account
            const other = accountOwner(outgoing ? t.creditAccountId : t.debitAccountId)
            return { id: t.id, kind: t.kind, direction: outgoing ? ('out' as const) : ('in' as const), amount: t.amount, counterparty: other.kind, reference: t.reference, createdAt: t.createdAt }
          }),
          withdrawals: wallet.withdrawals,
        },
      }
    },

    /**
     * Closes the caller's account (POST /api/auth/delete-user). The password is required when the
     * account has one (1002 when wrong); an account that signs in only socially needs a session
     * made within a day. With two-factor on, 4008 without a code and 4007 for a wrong one.
     */
    async close(user: SessionUser, sessionId: string | null, input: { password?: string; code?: string }): Promise<ClosedAccount> {
      const row = await repo.user(user.id)
      if (!row) throw new AppError(ErrorCodes.UserNotFound)
      const hash = await repo.passwordHash(user.id)
      if (hash) {
        if (!input.password) throw new AppError(ErrorCodes.InvalidParameter, { reason: 'Enter your password to delete your account' })
        const { verifyPassword } = requireModule<typeof import('better-auth/crypto')>('better-auth/crypto')
        if (!(await verifyPassword({ hash, password: input.password }))) throw new AppError(ErrorCodes.InvalidParameter, { reason: 'The password is not right' })
      } else {
        const began = sessionId ? await repo.sessionCreatedAt(sessionId) : null
        if (!began || Date.now() - Date.parse(began) > FRESH_SESSION_MS) throw new AppError(ErrorCodes.NoPermission, { reason: 'Sign in again, then delete your account within a day' })
      }
      if (bool(row.twoFactorEnabled)) {
        const secret = await repo.twoFactorSecret(user.id)
        const code = input.code?.replace(/\s+/g, '') ?? ''
        if (!code) throw new AppError(ErrorCodes.TwoFactorCodeRequired)
        if (!secret || !(await totpMatches(secret, deps.authSecret, code))) throw new AppError(ErrorCodes.InvalidTwoFactorCode)
      }
      const closed = await repo.close(user.id, row.email, nowIso())
      if (!closed) throw new AppError(ErrorCodes.UserNotFound)
      return closed
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
