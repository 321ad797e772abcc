/**
 * The local database worker: wa-sqlite (synchronous WebAssembly build) over OPFS through
 * OPFSCoopSyncVFS, which keeps the file a plain SQLite file (so it can be exported as is) and
 * lets several tabs share it with cooperative locking. Without OPFS it falls back to memory.
 * Requests run strictly one after another, so this tab never has two writers.
 */
import * as SQLite from '@journeyapps/wa-sqlite'
import SQLiteESMFactory from '@journeyapps/wa-sqlite/dist/wa-sqlite.mjs'
import wasmUrl from '@journeyapps/wa-sqlite/dist/wa-sqlite.wasm?url'
import { MemoryVFS } from '@journeyapps/wa-sqlite/src/examples/MemoryVFS.js'
import { OPFSCoopSyncVFS } from '@journeyapps/wa-sqlite/src/examples/OPFSCoopSyncVFS.js'
import type { SqlValue, Statement, StatementResult } from '../types.ts'
import type { OpenResult, WorkerRequest, WorkerResponse, WorkerResult } from './protocol.ts'

type Api = ReturnType<typeof SQLite.Factory>

interface Connection {
  api: Api
  db: number
  name: string
  storage: OpenResult['storage']
  vfs: OPFSCoopSyncVFS | (MemoryVFS & { mapNameToFile: Map<string, { size: number; data: ArrayBuffer }> })
  /** Prepared statements by SQL text, kept for the life of the connection. */
  statements: Map<string, number>
}

let modulePromise: Promise<{ api: Api; module: unknown }> | null = null
let conn: Connection | null = null
/** The last open request, so `delete` can reopen the same way. */
let lastOpen: { name: string; storage: 'auto' | 'memory' } | null = null

function loadModule() {
  modulePromise ??= (async () => {
    const module = await SQLiteESMFactory({ locateFile: () => wasmUrl })
    return { api: SQLite.Factory(module), module }
  })()
  return modulePromise
}

async function opfsAvailable(): Promise<string | null> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.getDirectory) return 'no OPFS'
    if (typeof FileSystemFileHandle === 'undefined' || !('createSyncAccessHandle' in FileSystemFileHandle.prototype)) return 'no sync access handles'
    if (!navigator.locks) return 'no Web Locks'
    await navigator.storage.getDirectory()
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

const vfsCache = new Map<string, Connection['vfs']>()

/**
 * Started as soon as the worker runs (the page may start it from index.html, before the app's
 * bundle has loaded): the WebAssembly module and, where OPFS is usable, its VFS. `open` waits
 * for it instead of starting from nothing.
 */
const warm: Promise<void> = (async () => {
  const { api, module } = await loadModule()
  if (await opfsAvailable()) return
  const vfs = await OPFSCoopSyncVFS.create('brook-opfs', module)
  vfsCache.set('opfs', vfs)
  api.vfs_register(vfs as never, false)
})().catch(() => undefined)

async function open(name: string, storage: 'auto' | 'memory'): Promise<OpenResult> {
  if (conn) await close()
  await warm
  const { api, module } = await loadModule()
  let kind: OpenResult['storage'] = 'memory'
  let fallbackReason: string | undefined = storage === 'memory' ? 'memory requested' : undefined
  if (storage === 'auto') {
    const missing = await opfsAvailable()
    if (missing) fallbackReason = missing
    else kind = 'opfs'
  }
  let vfs = vfsCache.get(kind)
  if (!vfs) {
    if (kind === 'opfs') {
      try {
        vfs = await OPFSCoopSyncVFS.create('brook-opfs', module)
      } catch (error) {
        kind = 'memory'
        fallbackReason = error instanceof Error ? error.message : String(error)
        vfs = vfsCache.get('memory')
      }
    }
    if (!vfs) vfs = (await (MemoryVFS as unknown as { create(n: string, m: unknown): Promise<Connection['vfs']> }).create('brook-memory', module)) as Connection['vfs']
    vfsCache.set(kind, vfs)
    api.vfs_register(vfs as never, false)
  }
  const connect = async () => {
    const db = await api.open_v2(name, SQLite.SQLITE_OPEN_CREATE | SQLite.SQLITE_OPEN_READWRITE, (vfs as { name: string }).name)
    conn = { api, db, name, storage: kind, vfs: vfs!, statements: new Map() }
    // 64 KiB pages for a new file: OPFS pays per read/write call far more than per byte, so a
    // 100-entry page is written in a few calls instead of dozens (bench/web-offline: about 5x).
    await exec('PRAGMA page_size = 65536')
    // Foreign keys for chat messages; a page cache big enough for a 100-entry page in one go.
    await exec('PRAGMA foreign_keys = ON')
    await exec('PRAGMA cache_size = -16000')
    // Reads the header: a file that is not a database fails here.
    await exec('SELECT count(*) FROM sqlite_master')
  }
  try {
    await connect()
  } catch (error) {
    const code = (error as { code?: number }).code
    if (code !== SQLite.SQLITE_NOTADB && code !== SQLite.SQLITE_CORRUPT) throw error
    // A corrupted file: delete it and start from an empty one (the data is the server's anyway).
    await deleteDatabase()
    await connect()
    return { storage: kind, fallbackReason, rebuilt: true }
  }
  return { storage: kind, fallbackReason }
}

async function exec(sql: string): Promise<void> {
  if (!conn) throw new Error('database is not open')
  await conn.api.exec(conn.db, sql)
}

async function prepare(sql: string): Promise<number> {
  const c = conn!
  const cached = c.statements.get(sql)
  if (cached !== undefined) return cached
  let prepared: number | undefined
  for await (const stmt of c.api.statements(c.db, sql, { unscoped: true })) {
    if (prepared !== undefined) {
      await c.api.finalize(stmt)
      throw new Error('one statement per call')
    }
    prepared = stmt
  }
  if (prepared === undefined) throw new Error(`empty statement: ${sql}`)
  c.statements.set(sql, prepared)
  return prepared
}

async function runOne(statement: Statement): Promise<StatementResult> {
  const c = conn!
  const stmt = await prepare(statement.sql)
  try {
    c.api.clear_bindings(stmt)
    if (statement.params?.length) c.api.bind_collection(stmt, statement.params as SqlValue[] as never)
    const rows: SqlValue[][] = []
    let columns: string[] | null = null
    while ((await c.api.step(stmt)) === SQLite.SQLITE_ROW) {
      columns ??= c.api.column_names(stmt)
      rows.push(c.api.row(stmt) as SqlValue[])
    }
    return { columns: columns ?? c.api.column_names(stmt), rows, changes: c.api.changes(c.db) }
  } finally {
    await c.api.reset(stmt).catch(() => undefined)
  }
}

/** Another tab holds the file: SQLITE_BUSY / SQLITE_LOCKED, or the VFS could not get the handle yet. */
function isContention(error: unknown): boolean {
  const code = (error as { code?: number } | null)?.code
  return code === SQLite.SQLITE_BUSY || code === SQLite.SQLITE_LOCKED || /database is locked/i.test(String((error as Error)?.message))
}

const CONTENTION_RETRIES = 60
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs a batch; while another tab holds the database, waits and tries again (about 10 s at most). */
async function run(statements: Statement[], transaction: boolean): Promise<StatementResult[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(statements, transaction)
    } catch (error) {
      if (!isContention(error) || attempt >= CONTENTION_RETRIES) throw error
      await sleep(Math.min(250, 10 * attempt))
    }
  }
}

async function runOnce(statements: Statement[], transaction: boolean): Promise<StatementResult[]> {
  if (!conn) throw new Error('database is not open')
  const results: StatementResult[] = []
  if (!transaction) {
    for (const s of statements) results.push(await runOne(s))
    return results
  }
  await exec('BEGIN IMMEDIATE')
  try {
    for (const s of statements) results.push(await runOne(s))
    await exec('COMMIT')
  } catch (error) {
    await exec('ROLLBACK').catch(() => undefined)
    throw error
  }
  return results
}

/** The database file's bytes, read while holding a read lock so no writer changes them. */
async function exportFile(chunkSize: number): Promise<Uint8Array[]> {
  if (!conn) throw new Error('database is not open')
  const c = conn
  const chunks: Uint8Array[] = []
  const read = (size: number, readAt: (buffer: Uint8Array, offset: number) => number) => {
    for (let offset = 0; offset < size; offset += chunkSize) {
      const chunk = new Uint8Array(Math.min(chunkSize, size - offset))
      readAt(chunk, offset)
      chunks.push(chunk)
    }
  }
  if (c.storage === 'memory') {
    const file = (c.vfs as { mapNameToFile: Map<string, { size: number; data: ArrayBuffer }> }).mapNameToFile.get(new URL(c.name, 'file://').pathname)
    if (!file) return []
    read(file.size, (buffer, offset) => {
      buffer.set(new Uint8Array(file.data, offset, buffer.byteLength))
      return buffer.byteLength
    })
    return chunks
  }
  // A read transaction makes this connection hold the file's access handle and a shared lock.
  await exec('BEGIN')
  try {
    await runOne({ sql: 'SELECT count(*) FROM sqlite_master' })
    const persistent = (c.vfs as OPFSCoopSyncVFS).persistentFiles.get(new URL(c.name, 'file://').pathname)
    const handle = persistent?.accessHandle
    if (!handle) throw new Error('the database file is not open')
    read(handle.getSize(), (buffer, offset) => handle.read(buffer, { at: offset }))
  } finally {
    await exec('COMMIT').catch(() => undefined)
  }
  return chunks
}

async function close(): Promise<void> {
  if (!conn) return
  const c = conn
  conn = null
  for (const stmt of c.statements.values()) await c.api.finalize(stmt)
  await c.api.close(c.db)
}

async function deleteDatabase(): Promise<void> {
  const target = conn ?? (lastOpen ? { name: lastOpen.name, storage: lastOpen.storage === 'memory' ? 'memory' : 'opfs' } : null)
  const vfs = conn?.vfs
  await close()
  if (!target) return
  const path = new URL(target.name, 'file://').pathname
  if (target.storage === 'memory') {
    const files = (vfs as { mapNameToFile?: Map<string, unknown> } | undefined)?.mapNameToFile ?? (vfsCache.get('memory') as { mapNameToFile?: Map<string, unknown> } | undefined)?.mapNameToFile
    for (const suffix of ['', '-journal', '-wal']) files?.delete(path + suffix)
    return
  }
  const opfs = vfsCache.get('opfs') as OPFSCoopSyncVFS | undefined
  const root = await navigator.storage.getDirectory()
  for (const suffix of ['', '-journal', '-wal']) {
    // Drop the VFS's cached handle first so a reopen starts from an empty file.
    const persistent = opfs?.persistentFiles.get(path + suffix)
    persistent?.accessHandle?.close()
    opfs?.persistentFiles.delete(path + suffix)
    await root.removeEntry(path.slice(1) + suffix).catch(() => undefined)
  }
}

async function handle(request: WorkerRequest): Promise<WorkerResult> {
  switch (request.type) {
    case 'open':
      lastOpen = { name: request.name, storage: request.storage }
      return open(request.name, request.storage)
    case 'run':
      return run(request.statements, request.transaction)
    case 'export':
      return exportFile(request.chunkSize)
    case 'delete':
      await deleteDatabase()
      return null
    case 'close':
      await close()
      return null
  }
}

// One request at a time, in arrival order.
let chain: Promise<unknown> = Promise.resolve()

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data
  chain = chain.then(async () => {
    let response: WorkerResponse
    try {
      response = { id: request.id, ok: true, result: await handle(request) }
    } catch (error) {
      const e = error as { message?: string; code?: number }
      response = { id: request.id, ok: false, error: { message: e?.message ?? String(error), code: typeof e?.code === 'number' ? e.code : undefined } }
    }
    const transfer = Array.isArray(response.ok && response.result) && request.type === 'export' ? (response as { result: Uint8Array[] }).result.map((c) => c.buffer as ArrayBuffer) : []
    ;(self as unknown as Worker).postMessage(response, transfer)
  })
}
