import { describe, expect, it } from 'vitest'
import { nodeSqliteBackend } from '../test/nodeSqliteBackend.ts'
import { migrate, migrateOrRebuild, MIGRATIONS_TABLE, type LocalMigration } from './migrate.ts'
import { localMigrations } from './migrations/index.ts'
import { toObjects } from './types.ts'

const tables = async (b: ReturnType<typeof nodeSqliteBackend>) =>
  toObjects<{ name: string }>((await b.run([{ sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name" }]))[0]).map((r) => r.name)

describe('local migrations', () => {
  it('creates every local table of SPEC §3 from 0000 on', async () => {
    const b = nodeSqliteBackend()
    const applied = await migrate(b, localMigrations)
    expect(applied[0]).toBe('0000_init')
    expect(await tables(b)).toEqual(expect.arrayContaining(['feeds', 'subscriptions', 'inboxes', 'lists', 'unread', 'users', 'entries', 'collections', 'summaries', 'translations', 'images', 'image_dimensions', 'ai_chat_sessions', 'ai_chat_messages', 'kv', 'outbox']))
  })

  it('applies only migrations newer than the last recorded one', async () => {
    const b = nodeSqliteBackend()
    const first: LocalMigration[] = [{ tag: '0000_a', statements: ['CREATE TABLE a (x)'] }]
    expect(await migrate(b, first)).toEqual(['0000_a'])
    const more = [...first, { tag: '0001_b', statements: ['CREATE TABLE b (x)'] }]
    expect(await migrate(b, more)).toEqual(['0001_b'])
    expect(await migrate(b, more)).toEqual([])
  })

  it('fails with "Missing migration: {tag}" for a recorded tag this build does not know', async () => {
    const b = nodeSqliteBackend()
    await migrate(b, localMigrations)
    await b.run([{ sql: `INSERT INTO ${MIGRATIONS_TABLE} (tag, appliedAt) VALUES ('9999_future', 'x')` }], { transaction: true })
    await expect(migrate(b, localMigrations)).rejects.toThrow('Missing migration: 9999_future')
  })

  it('a failed migration rolls back its own statements', async () => {
    const b = nodeSqliteBackend()
    const broken: LocalMigration[] = [{ tag: '0000_x', statements: ['CREATE TABLE ok (x)', 'NOT SQL'] }]
    await expect(migrate(b, broken)).rejects.toThrow()
    expect(await tables(b)).not.toContain('ok')
  })

  it('deletes the database and retries once when migrating fails', async () => {
    const b = nodeSqliteBackend()
    await migrate(b, localMigrations)
    await b.run([{ sql: `INSERT INTO ${MIGRATIONS_TABLE} (tag, appliedAt) VALUES ('9999_future', 'x')` }], { transaction: true })
    await b.run([{ sql: "INSERT INTO kv (key, value) VALUES ('marker', '1')" }], { transaction: true })
    const result = await migrateOrRebuild(async () => b, () => b.wipe(), localMigrations)
    expect(result.rebuilt).toBe(true)
    const kv = toObjects((await b.run([{ sql: 'SELECT * FROM kv' }]))[0])
    expect(kv).toEqual([])
  })

  it('gives up after the one retry', async () => {
    const b = nodeSqliteBackend()
    const broken: LocalMigration[] = [{ tag: '0000_x', statements: ['NOT SQL'] }]
    let wipes = 0
    await expect(
      migrateOrRebuild(async () => b, async () => {
        wipes++
        await b.wipe()
      }, broken),
    ).rejects.toThrow()
    expect(wipes).toBe(1)
  })
})
