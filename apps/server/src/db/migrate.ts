/** Runs the one migration set (both dialects) up to the latest. */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import { ownSchema, withOwnSchemaIntrospection } from './ownSchemaIntrospector.ts'
import * as m0001 from './migrations/0001_auth.ts'
import * as m0002 from './migrations/0002_reader.ts'
import * as m0003 from './migrations/0003_feed_engine.ts'
import * as m0004 from './migrations/0004_reading.ts'
import * as m0005 from './migrations/0005_idempotency.ts'
import * as m0006 from './migrations/0006_unread_floor.ts'
import * as m0007 from './migrations/0007_search.ts'
import * as m0008 from './migrations/0008_ledger.ts'
import * as m0009 from './migrations/0009_api_access.ts'
import * as m0010 from './migrations/0010_actions.ts'
import * as m0011 from './migrations/0011_ai.ts'
import * as m0012 from './migrations/0012_instance_admin.ts'
import * as m0013 from './migrations/0013_rsshub.ts'
import * as m0014 from './migrations/0014_referrals.ts'
import * as m0015 from './migrations/0015_worker_leases.ts'
import * as m0017 from './migrations/0017_paid_lists.ts'
import * as m0018 from './migrations/0018_feed_tippers.ts'
import * as m0019 from './migrations/0019_power_daily.ts'
import * as m0020 from './migrations/0020_discovery.ts'
import * as m0021 from './migrations/0021_analytics.ts'
import * as m0027 from './migrations/0027_feed_icons.ts'
import * as m0028 from './migrations/0028_trending_snapshots.ts'

/** In order; a new migration is appended here with the next number. */
export const migrations: Record<string, Migration> = {
  '0001_auth': m0001,
  '0002_reader': m0002,
  '0003_feed_engine': m0003,
  '0004_reading': m0004,
  '0005_idempotency': m0005,
  '0006_unread_floor': m0006,
  '0007_search': m0007,
  '0008_ledger': m0008,
  '0009_api_access': m0009,
  '0010_actions': m0010,
  '0011_ai': m0011,
  '0012_instance_admin': m0012,
  '0013_rsshub': m0013,
  '0014_referrals': m0014,
  '0015_worker_leases': m0015,
  '0017_paid_lists': m0017,
  '0018_feed_tippers': m0018,
  '0019_power_daily': m0019,
  '0020_discovery': m0020,
  '0021_analytics': m0021,
  '0027_feed_icons': m0027,
  '0028_trending_snapshots': m0028,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // On PostgreSQL the bookkeeping tables live in the connection's own schema; without naming it,
  // Kysely would find another schema's tables of the same name and think they were ours. The
  // migrator looks them up through an introspector of that schema alone (ownSchemaIntrospector.ts).
  const migrationTableSchema = await ownSchema(db)
  // Migration numbers are handed out to work done side by side, so a database may have run a
  // later number before an earlier one lands; each migration touches its own domain's tables, so
  // the earlier one is simply run then rather than refused.
  const migrator = new Migrator({
    db: await withOwnSchemaIntrospection(db),
    provider,
    migrationTableName: 'brook_migrations',
    migrationLockTableName: 'brook_migrations_lock',
    migrationTableSchema,
    allowUnorderedMigrations: true,
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${detail}`, { cause: error })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
