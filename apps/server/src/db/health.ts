/** The database's own answer to "are you there?", for the probes. */
import { sql } from 'kysely'
import type { OpenDatabase } from './openDatabase.ts'

export async function databaseVersion(database: OpenDatabase): Promise<string | undefined> {
  const r = await sql<{ version: string }>`select version() as version`.execute(database.db)
  return r.rows[0]?.version
}
