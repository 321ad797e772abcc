import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, openSqliteReader } from './openDatabase.ts'

/** Whether this process has the file mapped into memory (Linux: /proc/self/maps). */
const mapped = (file: string) => fs.readFileSync('/proc/self/maps', 'utf8').split('\n').some((line) => line.endsWith(file))

describe('the server connection does not map the database file (RSS flat as the database grows)', () => {
  const cleanups: (() => Promise<void> | void)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('reads and writes of the server connection leave the file unmapped; a read-only reader maps it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-open-'))
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
    const file = path.join(dir, 'brook.db')
    const database = openDatabase({ dialect: 'sqlite', file })
    cleanups.push(() => database.close())
    const sqlite = database.sqlite!
    sqlite.exec('create table t (id integer primary key, body text)')
    const insert = sqlite.prepare('insert into t (body) values (?)')
    for (let i = 0; i < 2000; i++) insert.run('x'.repeat(1024))
    sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    expect(sqlite.prepare('select count(*) as n, sum(length(body)) as bytes from t').get()).toEqual({ n: 2000, bytes: 2000 * 1024 })
    expect(fs.statSync(file).size).toBeGreaterThan(2000 * 1024)
    expect(mapped(file)).toBe(false)

    // The search threads' read-only connections still read through a memory map.
    const reader = openSqliteReader(file)
    cleanups.push(() => reader.close())
    const rows = await reader.db.selectFrom('t' as never).select((eb) => eb.fn.countAll<number>().as('n')).execute()
    expect(rows).toEqual([{ n: 2000 }])
    expect(mapped(file)).toBe(true)
  })
})
