/**
 * Inbox rules: a handle is unique (10001) and only its owner sees or changes it (10003); each
 * inbox has a generated secret that authenticates its webhook; creating one subscribes the owner.
 */
import crypto from 'node:crypto'
import { FeedViewType, INBOX_HANDLE_PATTERN } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import type { SessionUserLike, SubscriptionsService } from '../subscriptions/service.ts'
import { presentInbox, type InboxJson } from './present.ts'
import type { InboxesRepo, InboxRow } from './repo.ts'

/** A new webhook secret: 32 random bytes, base64url. */
function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url')
}

/** Constant-time comparison of two secrets. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

export function createInboxesService(deps: { repo: InboxesRepo; subscriptions: Pick<SubscriptionsService, 'checkCaps'>; domain: string }) {
  const present = (row: InboxRow) => presentInbox(row, deps.domain)
  const { repo } = deps

  /** The inbox if the user owns it: 10000 when there is none, 10003 when it is someone else's. */
  async function mustOwn(userId: string, handle: string): Promise<InboxRow> {
    const inbox = await repo.get(handle)
    if (!inbox) throw new AppError(10000, { reason: `no inbox ${handle}` })
    if (inbox.userId !== userId) throw new AppError(10003)
    return inbox
  }

  return {
    mustOwn,

    async get(userId: string, handle: string): Promise<InboxJson> {
      return present(await mustOwn(userId, handle))
    },

    async list(userId: string): Promise<InboxJson[]> {
      return (await repo.ownedBy(userId)).map(present)
    },

    async create(user: SessionUserLike, input: { handle: string; title?: string | null }): Promise<InboxJson> {
      const handle = input.handle.toLowerCase()
      if (!INBOX_HANDLE_PATTERN.test(handle)) throw new AppError(1002, { reason: 'A handle is 3–32 of a-z, 0-9, _ and -, starting with a letter' })
      if (await repo.get(handle)) throw new AppError(10001)
      await deps.subscriptions.checkCaps(user, 'inbox')
      const row: InboxRow = { id: handle, userId: user.id, title: input.title?.trim() || null, secret: newSecret(), createdAt: nowIso() }
      if (!(await repo.create(row, FeedViewType.Articles))) throw new AppError(10001)
      return present(row)
    },

    async update(userId: string, input: { handle: string; title: string | null }): Promise<InboxJson> {
      const inbox = await mustOwn(userId, input.handle.toLowerCase())
      await repo.setTitle(inbox.id, input.title?.trim() || null)
      return present({ ...inbox, title: input.title?.trim() || null })
    },

    async delete(userId: string, handle: string): Promise<void> {
      const inbox = await mustOwn(userId, handle.toLowerCase())
      await repo.delete(inbox.id)
    },

    /** The inbox of a handle, or null (mail recipients). */
    async find(handle: string): Promise<InboxRow | null> {
      return repo.get(handle.toLowerCase())
    },

    /** The inbox a webhook call is for, authenticated by its secret (10000 / 10003). */
    async authenticate(handle: string, secret: string): Promise<InboxRow> {
      const inbox = await repo.get(handle.toLowerCase())
      if (!inbox) throw new AppError(10000, { reason: `no inbox ${handle}` })
      if (!sameSecret(inbox.secret, secret)) throw new AppError(10003, { reason: 'Wrong inbox secret' })
      return inbox
    },
  }
}

export type InboxesService = ReturnType<typeof createInboxesService>
