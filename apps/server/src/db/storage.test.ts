import { afterEach, expect, it } from 'vitest'
import { sql } from 'kysely'
import { getAuthTables } from 'better-auth/db'
import { newId } from '@brook/shared'
import { describeEachDialect, createTestDatabase, type TestDatabase } from '../test/testDatabase.ts'
import { migrateToLatest, migrations } from './migrate.ts'
import { withOwnSchemaIntrospection } from './ownSchemaIntrospector.ts'
import { createAuth } from '../auth/createAuth.ts'
import { parseEnv } from '../env.ts'
import { mailRepo } from '../domains/mail/repo.ts'
import { instanceRepo } from '../domains/instance/repo.ts'

/** This database's tables (on PostgreSQL its schema's alone, not every schema's of the server). */
async function tablesOf(database: TestDatabase) {
  return (await withOwnSchemaIntrospection(database.db)).introspection.getTables()
}

describeEachDialect('storage', (dialect) => {
  let database: TestDatabase
  afterEach(async () => database?.dispose())

  it('applies every migration once and records it', async () => {
    database = await createTestDatabase(dialect, { migrate: false })
    const applied = await migrateToLatest(database.db)
    expect(applied).toEqual(Object.keys(migrations))
    expect(await migrateToLatest(database.db)).toEqual([])
    const tables = (await tablesOf(database)).map((t) => t.name)
    for (const name of ['user', 'session', 'account', 'verification', 'twoFactor', 'rateLimit', 'mail_outbox', 'feeds', 'entries', 'subscriptions', 'unread_counts', 'entry_reads', 'collections', 'lists', 'list_feeds', 'inboxes', 'settings']) {
      expect(tables).toContain(name)
    }
  })

  // PostgreSQL only: schemas are how several databases share one server there.
  if (dialect === 'postgres') it('sees its own schema only: migrates while other schemas of the server come and go', async () => {
    database = await createTestDatabase(dialect, { migrate: false })
    const others = await createTestDatabase(dialect)
    // Another schema's tables are not this database's.
    expect(await tablesOf(database)).toEqual([])
    expect((await tablesOf(others)).map((t) => t.name)).toContain('feeds')
    // Schemas created and dropped while this one migrates (suites and instances sharing a server):
    // Kysely's own introspector failed here with 'schema "…" does not exist'.
    let churning = true
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        const name = `brook_churn_${process.pid}_${i}`
        await sql.raw(`CREATE SCHEMA ${name}; CREATE TABLE ${name}.t (id serial primary key)`).execute(others.db)
        await sql.raw(`DROP SCHEMA ${name} CASCADE`).execute(others.db)
      }
    })()
    try {
      for (let round = 0; round < 3; round++) {
        expect(await migrateToLatest(database.db)).toEqual(round === 0 ? Object.keys(migrations) : [])
      }
    } finally {
      churning = false
      await churn
      await others.dispose()
    }
    expect((await tablesOf(database)).map((t) => t.name)).toContain('brook_migrations')
  })

  it('runs a migration that lands after a later-numbered one already ran', async () => {
    database = await createTestDatabase(dialect, { migrate: false })
    await migrateToLatest(database.db)
    // As if this database had been migrated before 0013 existed: its tables and record gone.
    await database.db.schema.dropTable('rsshub_usage').execute()
    await database.db.schema.dropTable('rsshub_instances').execute()
    await database.db.deleteFrom('brook_migrations' as never).where('name' as never, '=', '0013_rsshub' as never).execute()
    expect(await migrateToLatest(database.db)).toEqual(['0013_rsshub'])
    const tables = (await tablesOf(database)).map((t) => t.name)
    expect(tables).toContain('rsshub_instances')
  })

  it('has a column for every field better-auth uses', async () => {
    database = await createTestDatabase(dialect)
    const env = parseEnv({ DATA_DIR: database.location.DATA_DIR })
    const auth = createAuth({ env, database, mailer: { send: async () => {} }, instance: instanceRepo(database.db) }, 'x'.repeat(32))
    const tables = getAuthTables(auth.options)
    const actual = new Map((await tablesOf(database)).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]))
    for (const table of Object.values(tables)) {
      const columns = actual.get(table.modelName)
      expect(columns, `table ${table.modelName}`).toBeDefined()
      for (const [key, field] of Object.entries(table.fields)) {
        expect(columns!.has(field.fieldName ?? key), `${table.modelName}.${field.fieldName ?? key}`).toBe(true)
      }
    }
  })

  it('round-trips text, numbers, flags, null and unicode through the adapter', async () => {
    database = await createTestDatabase(dialect)
    const id = newId()
    const now = new Date().toISOString()
    await database.db
      .insertInto('feeds')
      .values({ id, url: 'https://example.com/feed.xml', title: 'Überschrift 😀 "quotes"', description: null, siteUrl: null, image: null, language: 'de', ownerUserId: null, etag: null, lastModified: null, checkedAt: null, nextCheckAt: now, errorAt: null, errorMessage: null, ttlMinutes: 60, latestEntryPublishedAt: null, createdAt: now, updatedAt: now })
      .execute()
    const row = await database.db.selectFrom('feeds').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.title).toBe('Überschrift 😀 "quotes"')
    expect(row.ttlMinutes).toBe(60)
    expect(row.errorCount).toBe(0)
    expect(row.description).toBeNull()
    const count = await database.db.selectFrom('feeds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(count.n).toBe(1)
    expect(typeof count.n).toBe('number')
  })

  it('rolls back a failed transaction as a whole', async () => {
    database = await createTestDatabase(dialect)
    const repo = mailRepo(database.db)
    const row = (id: string) => ({ id, to: 'a@example.com', subject: 's', text: 't', html: null, kind: 'other', createdAt: new Date().toISOString(), sentAt: null, error: null })
    const first = newId()
    await expect(
      database.db.transaction().execute(async (trx) => {
        await mailRepo(trx).insert(row(first))
        await mailRepo(trx).insert(row(first)) // duplicate primary key
      }),
    ).rejects.toThrow()
    expect(await repo.listFor('a@example.com')).toHaveLength(0)
  })

  it('enforces unique (feed, guid) for entries', async () => {
    database = await createTestDatabase(dialect)
    const now = new Date().toISOString()
    const feedId = newId()
    await database.db.insertInto('feeds').values({ id: feedId, url: 'https://e.com/f', title: null, description: null, siteUrl: null, image: null, language: null, ownerUserId: null, etag: null, lastModified: null, checkedAt: null, nextCheckAt: null, errorAt: null, errorMessage: null, ttlMinutes: null, latestEntryPublishedAt: null, createdAt: now, updatedAt: now }).execute()
    const entry = () => ({ id: newId(), feedId, inboxId: null, guid: 'same', title: 't', url: null, description: null, content: null, author: null, authorUrl: null, authorAvatar: null, publishedAt: now, updatedAt: null, insertedAt: now, categories: null, media: null, attachments: null, extra: null, language: null, contentHash: null, readabilityContent: null, readabilityUpdatedAt: null })
    await database.db.insertInto('entries').values(entry()).execute()
    await expect(database.db.insertInto('entries').values(entry()).execute()).rejects.toThrow()
  })

  if (dialect === 'sqlite') {
    it('runs SQLite in WAL mode with foreign keys on', async () => {
      database = await createTestDatabase(dialect)
      const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(database.db)
      expect(mode.rows[0].journal_mode).toBe('wal')
      const fk = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(database.db)
      expect(fk.rows[0].foreign_keys).toBe(1)
    })
  }
})
