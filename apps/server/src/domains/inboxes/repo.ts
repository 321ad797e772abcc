/** SQL of inboxes: rows (id = handle), the owner's subscription to each, and deletion with its counters. */
import type { Selectable } from 'kysely'
import { newId } from '@brook/shared'
import type { Database, InboxesTable } from '../../db/schema.ts'
import type { Dialect } from '../../db/openDatabase.ts'
import { inTransaction, type Db } from '../../db/transactions.ts'

export type InboxRow = Selectable<InboxesTable>

export function inboxesRepo(db: Db, _dialect: Dialect) {
  return {
    async get(handle: string): Promise<InboxRow | null> {
      return (await db.selectFrom('inboxes').selectAll().where('id', '=', handle).executeTakeFirst()) ?? null
    },

    async ownedBy(userId: string): Promise<InboxRow[]> {
      return db.selectFrom('inboxes').selectAll().where('userId', '=', userId).orderBy('createdAt').execute()
    },

    /** Creates an inbox and its owner's subscription (with a zero counter); false when the handle is taken. */
    async create(row: InboxRow, view: number): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const inserted = await trx.insertInto('inboxes').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst()
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
        await trx
          .insertInto('subscriptions')
          .values({ id: newId(), userId: row.userId, feedId: null, listId: null, inboxId: row.id, view, title: null, category: null, isPrivate: 0, hideFromTimeline: 0, createdAt: row.createdAt })
          .execute()
        await trx.insertInto('unread_counts').values({ userId: row.userId, sourceId: row.id, count: 0 }).execute()
        return true
      })
    },

    async setTitle(handle: string, title: string | null): Promise<void> {
      await db.updateTable('inboxes').set({ title }).where('id', '=', handle).execute()
    },

    /** Deletes an inbox with its entries, subscriptions and counters. */
    async delete(handle: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.deleteFrom('unread_counts').where('sourceId', '=', handle).execute()
        await trx.deleteFrom('subscriptions').where('inboxId', '=', handle).execute()
        await trx.deleteFrom('entries').where('inboxId', '=', handle).execute()
        await trx.deleteFrom('inboxes').where('id', '=', handle).execute()
      })
    },
  }
}

export type InboxesRepo = ReturnType<typeof inboxesRepo>
export type { Database }
