/** The database's own answer to "are you there?", for the probes. */
import { sql } from 'kysely'
import type { OpenDatabase } from './openDatabase.ts'

export async function databaseVersion(database: OpenDatabase): Promise<string | undefined> {
  const r = await sql<{ version: string }>`select version() as version`.execute(database.db)
  return r.rows[0]?.version
}

/** A round trip to the database (`select 1`); throws when it does not answer. */
export async function databasePing(database: OpenDatabase): Promise<void> {
  await sql`select 1`.execute(database.db)
}
