/**
 * The POWER ledger (issue 11, docs/power.md): accounts and an append-only list of transfers.
 *
 * - Amounts are integers of the smallest unit (1 POWER = 10^18). PostgreSQL keeps them exactly in
 *   `numeric(78,0)`; SQLite keeps them as canonical decimal text (digits, no sign, no leading zero),
 *   which is exact and which the CHECKs below can read. Nothing ever holds one in a float.
 * - A user or feed account can never go below zero: a CHECK on each dialect (the services also
 *   refuse first with 4002/4003, the CHECK is the floor under any bug). Only the treasury (which
 *   mints) and the burn account (which receives settled withdrawals) are system accounts.
 * - Transfers cannot be changed or deleted: triggers refuse UPDATE and DELETE on both dialects.
 * - Every transfer has an idempotency key, unique: the same key never moves money twice.
 */
import { sql, type Kysely } from 'kysely'
import { isSqlite } from './columnTypes.ts'

/** SQLite CHECK: the column holds a canonical non-negative integer as text. */
const canonical = (column: string) =>
  sql.raw(`typeof(${column}) = 'text' AND length(${column}) BETWEEN 1 AND 78 AND ${column} NOT GLOB '*[^0-9]*' AND (${column} = '0' OR ${column} NOT GLOB '0*')`)
/** SQLite CHECK: a canonical positive integer as text. */
const positive = (column: string) => sql.raw(`typeof(${column}) = 'text' AND length(${column}) BETWEEN 1 AND 78 AND ${column} NOT GLOB '*[^0-9]*' AND ${column} NOT GLOB '0*'`)

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db)
  const amount = sqlite ? ('text' as const) : sql`numeric(78,0)`

  await db.schema
    .createTable('ledger_accounts')
    /** `user:<id>`, `feed:<id>`, `treasury`, `burn` */
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** user | feed | treasury | burn */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The user or feed id (null for the system accounts). */
    .addColumn('ownerId', 'text')
    /** Treasury and burn hold a signed balance; on SQLite as text with an optional leading '-'. */
    .addColumn('balance', amount, (c) => c.notNull().defaultTo('0'))
    /** The part of the balance that may be withdrawn (tips received, not rewards); ≤ balance. */
    .addColumn('cashable', amount, (c) => c.notNull().defaultTo('0'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addCheckConstraint('ledger_accounts_kind', sql`kind in ('user', 'feed', 'treasury', 'burn')`)
    .addCheckConstraint(
      'ledger_accounts_non_negative',
      sqlite
        ? sql`kind in ('treasury', 'burn') or (${canonical('balance')} and ${canonical('cashable')} and (length(cashable) < length(balance) or (length(cashable) = length(balance) and cashable <= balance)))`
        : sql`kind in ('treasury', 'burn') or (balance >= 0 and cashable >= 0 and cashable <= balance)`,
    )
    .execute()
  await db.schema.createIndex('ledger_accounts_kind_owner_idx').on('ledger_accounts').columns(['kind', 'ownerId']).execute()

  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('debitAccountId', 'text', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('creditAccountId', 'text', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', amount, (c) => c.notNull())
    /** daily | tip | withdraw | settle | boost | list | airdrop | reward | claim */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** What it was for: an entry, feed, list, withdrawal or achievement id. */
    .addColumn('reference', 'text')
    .addColumn('idempotencyKey', 'text', (c) => c.notNull().unique())
    /** The user who caused it (the tipper, the claimer), for listings. */
    .addColumn('actorUserId', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addCheckConstraint('ledger_transfers_positive', sqlite ? sql`${positive('amount')}` : sql`amount > 0`)
    .addCheckConstraint('ledger_transfers_two_accounts', sql`"debitAccountId" <> "creditAccountId"`)
    .execute()
  await db.schema.createIndex('ledger_transfers_debit_idx').on('ledger_transfers').columns(['debitAccountId', 'createdAt']).execute()
  await db.schema.createIndex('ledger_transfers_credit_idx').on('ledger_transfers').columns(['creditAccountId', 'createdAt']).execute()

  // Append-only: a transfer, once written, is never changed nor removed.
  if (sqlite) {
    await sql`create trigger ledger_transfers_no_update before update on ledger_transfers begin select raise(abort, 'ledger transfers are append-only'); end`.execute(db)
    await sql`create trigger ledger_transfers_no_delete before delete on ledger_transfers begin select raise(abort, 'ledger transfers are append-only'); end`.execute(db)
  } else {
    await sql`create function ledger_transfers_append_only() returns trigger language plpgsql as $$ begin raise exception 'ledger transfers are append-only'; end $$`.execute(db)
    await sql`create trigger ledger_transfers_no_change before update or delete on ledger_transfers for each row execute function ledger_transfers_append_only()`.execute(db)
  }

  // Withdrawals: the money left the user's account (to burn) when asked; a settlement adapter pays it.
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('feedId', 'text')
    .addColumn('amount', amount, (c) => c.notNull())
    .addColumn('address', 'text')
    /** pending | paid | rejected */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('transferId', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('settledAt', 'text')
    .execute()
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['userId', 'createdAt']).execute()

  // Boosts: POWER spent on a feed, counted for 30 days.
  await db.schema
    .createTable('boosts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('feedId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('amount', amount, (c) => c.notNull())
    .addColumn('transferId', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('boosts_feed_expires_idx').on('boosts').columns(['feedId', 'expiresAt']).execute()

  // Airdrops: a campaign an admin defines, and who received it.
  await db.schema
    .createTable('airdrops')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('amount', amount, (c) => c.notNull())
    /** JSON: who may claim (e.g. {"registeredBefore": "…", "roles": ["pro"]}) */
    .addColumn('eligibility', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('airdrop_claims')
    .addColumn('airdropId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull())
    /** sending | sent */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('transferId', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('airdrop_claims_pk', ['airdropId', 'userId'])
    .execute()

  // The system accounts exist from the start.
  const now = new Date().toISOString()
  await sql`insert into ledger_accounts (id, kind, "ownerId", balance, cashable, "createdAt", "updatedAt") values ('treasury', 'treasury', null, '0', '0', ${now}, ${now}), ('burn', 'burn', null, '0', '0', ${now}, ${now})`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['airdrop_claims', 'airdrops', 'boosts', 'withdrawals', 'ledger_transfers']) await db.schema.dropTable(table).execute()
  if (!isSqlite(db)) await sql`drop function if exists ledger_transfers_append_only()`.execute(db)
  await db.schema.dropTable('ledger_accounts').execute()
}
