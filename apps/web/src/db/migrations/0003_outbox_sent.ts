/**
 * Writes the server acknowledged in the last minute (sync/outbox.ts `sentSince`). An answer that
 * was asked for before one of them was acknowledged may not show it yet; whichever tab applies
 * that answer applies these rows over it again. Shared by the tabs, as the outbox is.
 */
import type { LocalMigration } from '../migrate.ts'

export const m0003_outbox_sent: LocalMigration = {
  tag: '0003_outbox_sent',
  statements: [
    `CREATE TABLE outbox_sent (
      idempotencyKey TEXT PRIMARY KEY NOT NULL,
      kind TEXT NOT NULL,
      payload TEXT,
      snapshot TEXT,
      sentAt INTEGER NOT NULL
    )`,
    'CREATE INDEX outbox_sent_at_idx ON outbox_sent (sentAt)',
  ],
}
