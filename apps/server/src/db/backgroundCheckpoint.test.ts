import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { startBackgroundCheckpoint, type BackgroundCheckpoint } from './backgroundCheckpoint.ts'
import { openDatabase } from './openDatabase.ts'

describe('background WAL checkpoints', () => {
  const cleanups: (() => Promise<void> | void)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  function scratch(): { file: string; sqlite: DatabaseSync } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-ckpt-'))
    const file = path.join(dir, 'brook.db')
    const sqlite = new DatabaseSync(file)
    sqlite.exec('PRAGMA journal_mode = WAL')
    sqlite.exec('create table t (id integer primary key, body text)')
    cleanups.push(() => {
      if (sqlite.isOpen) sqlite.close()
      fs.rmSync(dir, { recursive: true, force: true })
    })
    return { file, sqlite }
  }

  const write = (sqlite: DatabaseSync, kib: number) => {
    const insert = sqlite.prepare('insert into t (body) values (?)')
    for (let i = 0; i < kib; i++) insert.run('x'.repeat(1024))
  }

  it('the main connection no longer checkpoints; the worker copies the WAL into the database file', async () => {
    const { file, sqlite } = scratch()
    const checkpoint: BackgroundCheckpoint = startBackgroundCheckpoint(sqlite, file, { intervalMs: 20, walBytes: 256 * 1024 })
    cleanups.push(() => checkpoint.stop())
    expect(sqlite.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 0 })
    const sizeBefore = fs.statSync(file).size
    const done = new Promise<void>((resolve) => checkpoint.onCheckpoint(resolve))
    // 1 MiB in autocommit statements: without a checkpointer the database file would not grow.
    write(sqlite, 1024)
    await done
    expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore + 512 * 1024)
    expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 1024 })
  })

  it('runs a thread only while there is writing: none until the WAL grows, and it ends when idle', async () => {
    const { file, sqlite } = scratch()
    const checkpoint = startBackgroundCheckpoint(sqlite, file, { intervalMs: 20, walBytes: 256 * 1024, idleMs: 300 })
    cleanups.push(() => checkpoint.stop())
    const waitFor = async (ready: () => boolean) => {
      while (!ready()) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // Small writes leave the WAL under the threshold: no thread.
    write(sqlite, 16)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(checkpoint.running()).toBe(false)
    let checkpoints = 0
    checkpoint.onCheckpoint(() => checkpoints++)
    write(sqlite, 1024)
    await waitFor(() => checkpoints > 0)
    // Nothing more to do: the thread ends by itself…
    await waitFor(() => !checkpoint.running())
    expect(sqlite.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 0 })
    // …and comes back when the WAL grows again; the database file takes the new rows.
    const sizeBefore = fs.statSync(file).size
    const seen = checkpoints
    write(sqlite, 1024)
    await waitFor(() => checkpoints > seen)
    expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore + 512 * 1024)
    expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 16 + 2048 })
  })

  it('without it (autocheckpoint off) the WAL only grows: the worker is what keeps it in check', async () => {
    const { file, sqlite } = scratch()
    sqlite.exec('PRAGMA wal_autocheckpoint = 0')
    const sizeBefore = fs.statSync(file).size
    write(sqlite, 1024)
    expect(fs.statSync(file).size).toBe(sizeBefore)
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(1024 * 1024)
  })

  it('the server opens SQLite with it, and closing stops the worker', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-ckpt-'))
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
    const database = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'brook.db'), backgroundCheckpoint: true })
    expect(database.checkpoint).toBeDefined()
    expect(database.sqlite?.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 0 })
    await database.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute()
    await database.close()
    expect(database.sqlite?.isOpen).toBe(false)
    expect(openDatabase({ dialect: 'sqlite', file: ':memory:', backgroundCheckpoint: true }).checkpoint).toBeUndefined()
  })
})
