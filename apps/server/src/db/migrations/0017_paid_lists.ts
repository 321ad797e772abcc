/**
 * Paid lists (issue 11): what a list's subscribers have paid in total, in smallest units of POWER
 * as canonical decimal text (1 POWER = 10^18; exact on both databases, like the ledger's SQLite
 * amounts). Written in the same transaction as the fee's ledger transfer; the ledger stays the
 * record, this is the list's reported `purchaseAmount`.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lists').addColumn('purchaseAmount', 'text', (c) => c.notNull().defaultTo('0')).execute()
}
