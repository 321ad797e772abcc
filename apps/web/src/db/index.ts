/**
 * The app's local database (SPEC §4, §9 `WA_SQLITE`): opened once in a dedicated worker,
 * migrated (rebuilt once when migrating fails), with writes going through one queue. Everything
 * else in the app uses `localDb` and never sees the worker.
 */
import { DB_EXPORT_CHUNK_SIZE, LOCAL_DB_NAME } from '@brook/shared'
import type { LocalStorageKind } from '../store/types.ts'
import { migrateOrRebuild } from './migrate.ts'
import { localMigrations } from './migrations/index.ts'
import { toObjects, type SqlExecutor, type SqlValue, type Statement, type StatementResult } from './types.ts'
import { WorkerDatabase } from './worker/workerDatabase.ts'

/** What opening produced. */
export interface OpenedLocalDb {
  storage: LocalStorageKind
  fallbackReason?: string
  /** True when migrating failed and the database was deleted and rebuilt. */
  rebuilt: boolean
  applied: string[]
}

/** A backend for the local database: the worker in the app, node:sqlite in tests. */
export interface LocalDbBackend extends SqlExecutor {
  export(chunkSize: number): Promise<Uint8Array[]>
  /** Deletes the database file and reopens an empty one. */
  wipe(): Promise<void>
  close(): Promise<void>
}

let backend: LocalDbBackend | null = null
let opening: Promise<OpenedLocalDb> | null = null
let writeChain: Promise<unknown> = Promise.resolve()

/** Where index.html leaves the worker it started early (see sw/vitePlugin.ts). */
const PRESTARTED_WORKER = '__brookDbWorker'

function createWorker(): Worker {
  const holder = globalThis as unknown as Record<string, Worker | undefined>
  const prestarted = holder[PRESTARTED_WORKER]
  if (prestarted) {
    delete holder[PRESTARTED_WORKER]
    return prestarted
  }
  return new Worker(new URL('./worker/sqlite.worker.ts', import.meta.url), { type: 'module', name: 'brook-local-db' })
}

/** Opens the worker database: OPFS when the browser has it, memory otherwise. */
async function openWorkerBackend(storage: 'auto' | 'memory'): Promise<{ backend: LocalDbBackend; opened: Omit<OpenedLocalDb, 'applied'> }> {
  const worker = new WorkerDatabase(createWorker())
  let result = await worker.open(LOCAL_DB_NAME, storage).catch(async (error: unknown) => {
    // OPFS present but unusable (quota, a broken file handle…): memory keeps the app working.
    if (storage === 'memory') throw error
    const fallback = await worker.open(LOCAL_DB_NAME, 'memory')
    return { ...fallback, fallbackReason: error instanceof Error ? error.message : String(error) }
  })
  const mode = result.storage === 'memory' ? 'memory' : storage
  const b: LocalDbBackend = {
    run: (statements, options) => worker.run(statements, options),
    export: (chunkSize) => worker.export(chunkSize),
    wipe: async () => {
      await worker.delete()
      result = await worker.open(LOCAL_DB_NAME, mode)
    },
    close: async () => {
      await worker.close().catch(() => undefined)
      worker.terminate()
    },
  }
  return { backend: b, opened: { storage: result.storage, fallbackReason: result.fallbackReason, rebuilt: result.rebuilt ?? false } }
}

/**
 * Opens and migrates the local database once; later calls get the same promise. `create`
 * replaces the worker (tests pass a node:sqlite backend).
 */
export function openLocalDb(options: { storage?: 'auto' | 'memory'; create?: () => Promise<{ backend: LocalDbBackend; opened: Omit<OpenedLocalDb, 'applied' | 'rebuilt'> & { rebuilt?: boolean } }> } = {}): Promise<OpenedLocalDb> {
  opening ??= (async () => {
    const { backend: b, opened } = await (options.create ?? (() => openWorkerBackend(options.storage ?? 'auto')))()
    const result = await migrateOrRebuild(
      async () => b,
      () => b.wipe(),
      localMigrations,
      (message, error) => console.warn(`[brook] ${message}:`, error),
    )
    backend = b
    return { ...opened, rebuilt: result.rebuilt || (opened.rebuilt ?? false), applied: result.applied }
  })()
  opening.catch(() => {
    opening = null
  })
  return opening
}

async function ready(): Promise<LocalDbBackend> {
  if (backend) return backend
  if (!opening) throw new Error('the local database is not open')
  await opening
  return backend!
}

/**
 * The local database. Writes (`write`) run one at a time in call order, each batch in one
 * transaction; reads run between them. Failing SQL is logged and reads return no rows
 * (SPEC §8 "Local"), so a broken local database never breaks the app.
 */
export const localDb = {
  /** True once opened. */
  get isOpen(): boolean {
    return backend !== null
  },

  /** Runs read statements; on failure logs and returns empty results. */
  async read(statements: Statement[]): Promise<StatementResult[]> {
    try {
      return await (await ready()).run(statements)
    } catch (error) {
      console.error('[brook] local read failed', statements[0]?.sql, error)
      return statements.map(() => ({ columns: [], rows: [], changes: 0 }))
    }
  },

  /** Runs read statements; rejects when they fail (for callers that replace state with the answer). */
  async readOrThrow(statements: Statement[]): Promise<StatementResult[]> {
    return (await ready()).run(statements)
  },

  /** One read statement as objects. */
  async all<T>(sql: string, params: SqlValue[] = []): Promise<T[]> {
    const [result] = await localDb.read([{ sql, params }])
    return toObjects<T>(result)
  },

  /** Queues a write batch (one transaction). Rejects when it fails, after logging. */
  write(statements: Statement[]): Promise<StatementResult[]> {
    if (statements.length === 0) return Promise.resolve([])
    const run = writeChain.then(async () => (await ready()).run(statements, { transaction: true }))
    writeChain = run.catch((error: unknown) => console.error('[brook] local write failed', statements[0]?.sql, error))
    return run
  },

  /** Resolves once every write queued so far has run (failed ones included). */
  async settled(): Promise<void> {
    await writeChain
  },

  /** The database file in chunks of 65536 bytes (SPEC §9). */
  async exportChunks(): Promise<Uint8Array[]> {
    await writeChain
    return (await ready()).export(DB_EXPORT_CHUNK_SIZE)
  },

  /** Deletes every local row by deleting the file, then migrates a fresh one. */
  async wipe(): Promise<void> {
    const b = await ready()
    await writeChain
    await b.wipe()
    await migrateOrRebuild(async () => b, () => b.wipe(), localMigrations)
  },

  /** Closes the database (tests, sign-out of a memory database). */
  async close(): Promise<void> {
    const b = backend
    backend = null
    opening = null
    writeChain = Promise.resolve()
    await b?.close()
  },
}

/** Same as `localDb` typed as a plain executor, for repositories and tests. */
export const localExecutor: SqlExecutor = {
  run: (statements, options) => (options?.transaction ? localDb.write(statements) : localDb.read(statements)),
}
