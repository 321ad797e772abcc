/**
 * @module Entry storage for one fetch of a feed, run inside the caller's transaction: new guids
 * are inserted (and counted into the subscribers' unread counters in the same transaction),
 * changed ones are rewritten in place under their id, unchanged ones are not written at all.
 */
import { newId } from '@brook/shared'
import type { Db } from '../../db/transactions.ts'
import { countNewFeedEntries, lowerFeedFloors } from '../unread/repo.ts'
import { storedContent, type EntrySanitizer, type PreparedEntry } from './entryRows.ts'
import { feedEntriesRepo, type NewEntryRow } from './repo.ts'
import { applyRulesOnIngest, type NewEntry, type WebhookDelivery } from '../actions/applyRules.ts'

export type StoreResult = {
  inserted: number
  updated: number
  /** Newest publishedAt among the entries of this fetch (null for an empty feed). */
  latestPublishedAt: string | null
  /** Action-rule webhooks to send once the transaction has committed. */
  webhooks: WebhookDelivery[]
  /** The entries this fetch really added (for notifications once committed). */
  added: NewEntry[]
}

function oldestOf(rows: NewEntryRow[]): string | null {
  let oldest: string | null = null
  for (const row of rows) if (oldest === null || row.publishedAt < oldest) oldest = row.publishedAt
  return oldest
}

function asNewEntry(row: NewEntryRow): NewEntry {
  return { id: row.id, feedId: row.feedId ?? null, inboxId: null, title: row.title ?? null, content: row.content ?? null, author: row.author ?? null, url: row.url ?? null, publishedAt: row.publishedAt }
}

/**
 * Upserts one fetch's entries of a feed by guid, in the transaction `trx` (holding the feed's lock).
 * HTML left unsanitized by normalize is sanitized here (`sanitize`), for the rows written only.
 */
export async function storeEntries(trx: Db, feedId: string, entries: PreparedEntry[], now: Date, sanitize?: EntrySanitizer): Promise<StoreResult> {
  let latestPublishedAt: string | null = null
  for (const entry of entries) {
    if (entry.datePublished && (latestPublishedAt === null || entry.content.publishedAt > latestPublishedAt)) latestPublishedAt = entry.content.publishedAt
  }
  if (entries.length === 0) return { inserted: 0, updated: 0, latestPublishedAt, webhooks: [], added: [] }

  const repo = feedEntriesRepo(trx)
  const stored = new Map((await repo.storedEntries(feedId, entries.map((e) => e.guid))).map((row) => [row.guid, row]))
  const insertedAt = now.toISOString()
  const fresh: NewEntryRow[] = []
  let updated = 0
  for (const entry of entries) {
    const existing = stored.get(entry.guid)
    if (!existing) {
      fresh.push({ id: newId(), feedId, inboxId: null, guid: entry.guid, insertedAt, ...storedContent(entry, sanitize) })
    } else if (existing.contentHash !== entry.content.contentHash) {
      // A date-less entry keeps the date it was first seen with.
      const publishedAt = entry.datePublished ? entry.content.publishedAt : existing.publishedAt
      await repo.updateEntry(existing.id, { ...storedContent(entry, sanitize), publishedAt })
      // Moved back in time: the unread floors of the counters showing it go down with it.
      if (publishedAt < existing.publishedAt) await lowerFeedFloors(trx, feedId, publishedAt)
      updated++
    }
  }
  const inserted = await repo.insertEntries(fresh)
  // The oldest of the rows offered (a guid stored meanwhile is skipped): a floor may only be too low.
  await countNewFeedEntries(trx, feedId, inserted, oldestOf(fresh))
  // Action rules of the readers who have some (docs/actions.md), on the rows this fetch really added.
  const added = inserted === fresh.length ? fresh : inserted > 0 ? await repo.insertedAmong(fresh) : []
  const addedEntries = added.map(asNewEntry)
  const webhooks = await applyRulesOnIngest(trx, { feedId }, addedEntries, now)
  return { inserted, updated, latestPublishedAt, webhooks, added: addedEntries }
}
