/**
 * Group commit on SQLite (docs/power.md, "Speed"): transactions that ask for the database while
 * another batch is running wait together and then run one after another inside ONE
 * `BEGIN IMMEDIATE … COMMIT`, each in its own SAVEPOINT.
 *
 * - Each member is still atomic: its statements are undone (ROLLBACK TO its savepoint) when its
 *   work throws, and the error goes to that member only — the others of the batch commit.
 * - Each member sees the writes of the members before it (one connection, one writer), exactly as
 *   if they had run one after another; a member's promise settles only after the batch's COMMIT,
 *   so nobody answers before their writes are durable in the WAL.
 * - The first batch starts on the next turn of the event loop (setImmediate), so the requests
 *   read from the network in the same turn gather; later ones gather while a batch runs.
 * - A batch of one runs without a savepoint. Batches are capped (MAX_BATCH), so a burst is cut
 *   into batches of bounded latency; the connection lock is taken first-come first-served
 *   (fairSqliteDialect.ts), so reads get their turn between batches.
 * - Should the transaction itself break (a failed ROLLBACK TO, a failed COMMIT), the whole
 *   batch rolls back and every member not yet refused gets that error: nothing half-done stays.
 *
 * The saving is per transaction, not per statement: one BEGIN/COMMIT (and one write of the
 * touched pages to the WAL) for up to MAX_BATCH transactions instead of one each.
 */
import { sql, type Kysely } from 'kysely'

/** At most this many transactions share one commit. */
export const MAX_BATCH = 64

type Member<T> = {
  work: (trx: Kysely<any>) => Promise<T>
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

class GroupCommitter {
  readonly #db: Kysely<any>
  readonly #queue: Member<any>[] = []
  #running = false
  /** Batches committed and members run (for tests and the docs' figures). */
  batches = 0
  members = 0

  constructor(db: Kysely<any>) {
    this.#db = db
  }

  submit<T>(work: (trx: Kysely<any>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve, reject })
      if (this.#running) return
      this.#running = true
      // Start on the next turn of the event loop, not now: the requests read in this turn reach
      // their transactions in microtasks of this turn, and so share the first commit too.
      setImmediate(() => void this.#drain())
    })
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, MAX_BATCH)
        await this.#run(batch)
      }
    } finally {
      this.#running = false
    }
  }

  async #run(batch: Member<any>[]): Promise<void> {
    let outcomes: Outcome[]
    try {
      outcomes = await this.#db.connection().execute((conn) => (batch.length === 1 ? runAlone(conn, batch[0]) : runTogether(conn, batch)))
    } catch (error) {
      // BEGIN, the transaction or COMMIT broke: nothing of the batch is stored.
      for (const member of batch) member.reject(error)
      return
    }
    this.batches++
    this.members += batch.length
    outcomes.forEach((outcome, i) => (outcome.ok ? batch[i].resolve(outcome.value) : batch[i].reject(outcome.error)))
  }
}

/** One transaction alone: its error rolls back the whole transaction and goes to it. */
async function runAlone(conn: Kysely<any>, member: Member<any>): Promise<Outcome[]> {
  await sql`begin immediate`.execute(conn)
  let outcome: Outcome
  try {
    outcome = { ok: true, value: await member.work(conn) }
  } catch (error) {
    await sql`rollback`.execute(conn).catch(() => {})
    return [{ ok: false, error }]
  }
  await commitOrRollback(conn)
  return [outcome]
}

/** Several transactions in one: each in a savepoint; a failing one is rolled back to it alone. */
async function runTogether(conn: Kysely<any>, batch: Member<any>[]): Promise<Outcome[]> {
  await sql`begin immediate`.execute(conn)
  const outcomes: Outcome[] = []
  try {
    for (const member of batch) {
      await sql`savepoint member`.execute(conn)
      try {
        const value = await member.work(conn)
        await sql`release member`.execute(conn)
        outcomes.push({ ok: true, value })
      } catch (error) {
        // Undo this member's statements only; if even that fails, the transaction is lost (catch below).
        await sql`rollback to member`.execute(conn)
        await sql`release member`.execute(conn)
        outcomes.push({ ok: false, error })
      }
    }
  } catch (error) {
    await sql`rollback`.execute(conn).catch(() => {})
    throw error
  }
  await commitOrRollback(conn)
  return outcomes
}

async function commitOrRollback(conn: Kysely<any>): Promise<void> {
  try {
    await sql`commit`.execute(conn)
  } catch (error) {
    await sql`rollback`.execute(conn).catch(() => {})
    throw error
  }
}

const committers = new WeakMap<Kysely<any>, GroupCommitter>()

function committerOf(db: Kysely<any>): GroupCommitter {
  let committer = committers.get(db)
  if (!committer) {
    committer = new GroupCommitter(db)
    committers.set(db, committer)
  }
  return committer
}

/** Runs `work` as one atomic transaction on SQLite, sharing its commit with concurrent ones. */
export function groupCommit<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return committerOf(db).submit(work as (trx: Kysely<any>) => Promise<T>)
}

/** How many batches and members a database's group commit has run (tests, bench). */
export function groupCommitStats(db: Kysely<any>): { batches: number; members: number } {
  const committer = committerOf(db)
  return { batches: committer.batches, members: committer.members }
}
