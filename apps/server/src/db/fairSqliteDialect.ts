/**
 * Kysely's SQLite dialect with a fair lock on its one connection (docs/power.md, "Speed").
 *
 * Kysely's own SqliteDriver guards the connection with a mutex whose release wakes every waiter
 * at once; each of them tries again and all but one go back to waiting. With a hundred requests
 * waiting that is a hundred wake-ups per query, and who gets the connection next is whoever runs
 * first, not who asked first — so some requests wait very long (the tail of bench/wallet). Here
 * the waiters queue first-in first-out and the releaser hands the connection to the next one
 * directly: one wake-up per hand-over, in order of arrival.
 */
import { SqliteDialect, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely'

/** A first-in first-out lock: `acquire` resolves in call order, `release` hands over to the next. */
export class FifoLock {
  #held = false
  readonly #waiters: Array<() => void> = []

  /** Resolves when the caller holds the lock. */
  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true
      return Promise.resolve()
    }
    return new Promise((resolve) => this.#waiters.push(resolve))
  }

  /** Hands the lock to the longest waiter, or frees it. */
  release(): void {
    const next = this.#waiters.shift()
    if (next) next()
    else this.#held = false
  }

  /** How many callers wait (not counting the holder). */
  get waiting(): number {
    return this.#waiters.length
  }
}

type SavepointCompile = Parameters<NonNullable<Driver['savepoint']>>[2]

/** Kysely's SqliteDriver behind a FifoLock (its own mutex is then never contended). */
class FairSqliteDriver implements Driver {
  readonly #inner: Driver
  readonly #lock = new FifoLock()

  constructor(inner: Driver) {
    this.#inner = inner
  }

  init(): Promise<void> {
    return this.#inner.init()
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire()
    try {
      return await this.#inner.acquireConnection()
    } catch (error) {
      this.#lock.release()
      throw error
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(connection)
    } finally {
      this.#lock.release()
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings)
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection)
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection)
  }

  savepoint(connection: DatabaseConnection, name: string, compile: SavepointCompile): Promise<void> {
    return this.#inner.savepoint!(connection, name, compile)
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: SavepointCompile): Promise<void> {
    return this.#inner.rollbackToSavepoint!(connection, name, compile)
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: SavepointCompile): Promise<void> {
    return this.#inner.releaseSavepoint!(connection, name, compile)
  }

  destroy(): Promise<void> {
    return this.#inner.destroy()
  }
}

/** SqliteDialect whose connection is handed out first-come first-served. */
export class FairSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new FairSqliteDriver(super.createDriver())
  }
}
