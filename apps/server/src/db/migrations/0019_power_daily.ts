/**
 * The daily POWER computation (issue 11, docs/power.md): once per UTC day a job fixes every user's
 * claimable amount and multiplier for the day (`power_daily_amounts`). Its state lives in
 * `power_daily_runs`, in the database, so every process sees it: while today's run is `running`
 * (and its lease has not lapsed — a crashed run blocks nobody for long), claim-daily answers 4005
 * on any web process.
 */
import { sql, type Kysely } from 'kysely'
import { isSqlite } from './columnTypes.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const amount = isSqlite(db) ? ('text' as const) : sql`numeric(78,0)`
  await db.schema
    .createTable('power_daily_runs')
    /** The UTC day computed, YYYY-MM-DD. */
    .addColumn('day', 'text', (c) => c.primaryKey())
    /** running | done */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    /** A running run whose lease has passed is treated as dead: claims go on, another process may take it over. */
    .addColumn('leaseUntil', 'text', (c) => c.notNull())
    .addColumn('startedAt', 'text', (c) => c.notNull())
    .addColumn('finishedAt', 'text')
    .addColumn('users', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createTable('power_daily_amounts')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull())
    /** Smallest units (1 POWER = 10^18): numeric(78,0) / canonical decimal text like the ledger. */
    .addColumn('amount', amount, (c) => c.notNull())
    .addColumn('multiplier', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('power_daily_amounts_pk', ['day', 'userId'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('power_daily_amounts').execute()
  await db.schema.dropTable('power_daily_runs').execute()
}
