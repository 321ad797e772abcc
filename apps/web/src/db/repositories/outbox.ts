/** The outbox table: optimistic writes waiting for the server, in `seq` order. */
import { toObjects, type SqlExecutor, type SqlValue, type Statement, type StatementResult } from '../types.ts'

export interface OutboxRow {
  seq: number
  idempotencyKey: string
  /** The mutation kind (sync/mutations.ts), which knows how to roll the change back. */
  kind: string
  method: string
  path: string
  /** JSON request body. */
  body: unknown
  /** The action's input. */
  payload: unknown
  /** Local state before the change, for rollback. */
  snapshot: unknown
  createdAt: string
  attempts: number
  lastError: string | null
}

export type NewOutboxRow = Pick<OutboxRow, 'idempotencyKey' | 'kind' | 'method' | 'path' | 'body' | 'payload' | 'snapshot' | 'createdAt'>

const parse = (text: SqlValue): unknown => (typeof text === 'string' ? JSON.parse(text) : null)

export function insertOutbox(row: NewOutboxRow): Statement[] {
  return [
    {
      sql: 'INSERT INTO outbox (idempotencyKey, kind, method, path, body, payload, snapshot, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      params: [row.idempotencyKey, row.kind, row.method, row.path, JSON.stringify(row.body ?? null), JSON.stringify(row.payload ?? null), JSON.stringify(row.snapshot ?? null), row.createdAt],
    },
  ]
}

export function deleteOutbox(idempotencyKey: string): Statement[] {
  return [{ sql: 'DELETE FROM outbox WHERE idempotencyKey = ?', params: [idempotencyKey] }]
}

/** How long an acknowledged row is kept for answers that were asked for before it (ms). */
export const SENT_KEEP_MS = 60_000

/** An acknowledged row: out of the outbox, kept a minute in outbox_sent (and older ones dropped). */
export function markOutboxSent(row: Pick<OutboxRow, 'idempotencyKey' | 'kind' | 'payload' | 'snapshot'>, sentAt: number): Statement[] {
  return [
    ...deleteOutbox(row.idempotencyKey),
    { sql: 'DELETE FROM outbox_sent WHERE sentAt < ?', params: [sentAt - SENT_KEEP_MS] },
    {
      sql: 'INSERT OR REPLACE INTO outbox_sent (idempotencyKey, kind, payload, snapshot, sentAt) VALUES (?, ?, ?, ?, ?)',
      params: [row.idempotencyKey, row.kind, JSON.stringify(row.payload ?? null), JSON.stringify(row.snapshot ?? null), sentAt],
    },
  ]
}

/** Rows acknowledged at or after a time (Date.now()), oldest first. */
export function sentSinceStatement(time: number): Statement {
  return { sql: 'SELECT idempotencyKey, kind, payload, snapshot FROM outbox_sent WHERE sentAt >= ? ORDER BY sentAt, rowid', params: [time] }
}

export type SentRow = Pick<OutboxRow, 'idempotencyKey' | 'kind' | 'payload' | 'snapshot'>

export function sentRowsOf(result: StatementResult | undefined): SentRow[] {
  if (!result) return []
  return toObjects<Record<string, SqlValue>>(result).map((r) => ({ idempotencyKey: String(r.idempotencyKey), kind: String(r.kind), payload: parse(r.payload), snapshot: parse(r.snapshot) }))
}

export function noteOutboxFailure(idempotencyKey: string, error: string): Statement[] {
  return [{ sql: 'UPDATE outbox SET attempts = attempts + 1, lastError = ? WHERE idempotencyKey = ?', params: [error.slice(0, 500), idempotencyKey] }]
}

/** Every waiting row, oldest first, as a statement (`outboxRowsOf` reads its result). */
export function readOutboxStatement(): Statement {
  return { sql: 'SELECT seq, idempotencyKey, kind, method, path, body, payload, snapshot, createdAt, attempts, lastError FROM outbox ORDER BY seq' }
}

/** Every waiting row, oldest first. */
export async function readOutbox(db: SqlExecutor): Promise<OutboxRow[]> {
  const [result] = await db.run([readOutboxStatement()])
  return outboxRowsOf(result)
}

export function outboxRowsOf(result: StatementResult | undefined): OutboxRow[] {
  if (!result) return []
  return toObjects<Record<string, SqlValue>>(result).map((r) => ({
    seq: Number(r.seq),
    idempotencyKey: String(r.idempotencyKey),
    kind: String(r.kind),
    method: String(r.method),
    path: String(r.path),
    body: parse(r.body),
    payload: parse(r.payload),
    snapshot: parse(r.snapshot),
    createdAt: String(r.createdAt),
    attempts: Number(r.attempts),
    lastError: r.lastError === null ? null : String(r.lastError),
  }))
}

/** The number of waiting rows, as one column `n` (hydration reads it in its round trip). */
export function countOutboxStatement(): Statement {
  return { sql: 'SELECT count(*) AS n FROM outbox' }
}

export function outboxCountOf(result: StatementResult | undefined): number {
  return result ? Number(toObjects<{ n: number }>(result)[0]?.n ?? 0) : 0
}

export async function countOutbox(db: SqlExecutor): Promise<number> {
  const [result] = await db.run([countOutboxStatement()])
  return outboxCountOf(result)
}

/** Waiting rows plus rows acknowledged at or after `time`: what an answer asked for then may not show. */
export async function countOutboxAndSent(db: SqlExecutor, time: number): Promise<number> {
  const [result] = await db.run([{ sql: 'SELECT (SELECT count(*) FROM outbox) + (SELECT count(*) FROM outbox_sent WHERE sentAt >= ?) AS n', params: [time] }])
  return outboxCountOf(result)
}
