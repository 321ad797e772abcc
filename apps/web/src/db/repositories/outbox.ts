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

export function noteOutboxFailure(idempotencyKey: string, error: string): Statement[] {
  return [{ sql: 'UPDATE outbox SET attempts = attempts + 1, lastError = ? WHERE idempotencyKey = ?', params: [error.slice(0, 500), idempotencyKey] }]
}

/** Every waiting row, oldest first. */
export async function readOutbox(db: SqlExecutor): Promise<OutboxRow[]> {
  const [result] = await db.run([{ sql: 'SELECT seq, idempotencyKey, kind, method, path, body, payload, snapshot, createdAt, attempts, lastError FROM outbox ORDER BY seq' }])
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
