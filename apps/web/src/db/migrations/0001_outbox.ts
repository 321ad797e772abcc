/**
 * The outbox of optimistic writes: one row per request not yet accepted by the server, sent in
 * `seq` order with its idempotency key. `payload` and `snapshot` let the change be rolled back
 * after a reload (the previous local state, captured when the change was applied).
 */
import type { LocalMigration } from '../migrate.ts'

export const m0001_outbox: LocalMigration = {
  tag: '0001_outbox',
  statements: [
    `CREATE TABLE outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      idempotencyKey TEXT NOT NULL,
      kind TEXT NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      body TEXT,
      payload TEXT,
      snapshot TEXT,
      createdAt TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      lastError TEXT
    )`,
    `CREATE UNIQUE INDEX outbox_idempotency_key_unique ON outbox (idempotencyKey)`,
  ],
}
