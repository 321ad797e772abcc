/** SQL for the mail outbox. */
import type { Kysely } from 'kysely'
import type { Database, MailOutboxTable } from '../../db/schema.ts'

export function mailRepo(db: Kysely<Database>) {
  return {
    async insert(row: MailOutboxTable): Promise<void> {
      await db.insertInto('mail_outbox').values(row).execute()
    },
    async markSent(id: string, sentAt: string, error: string | null): Promise<void> {
      await db.updateTable('mail_outbox').set({ sentAt, error }).where('id', '=', id).execute()
    },
    /** Newest first; for tests and the admin. */
    async listFor(to: string): Promise<MailOutboxTable[]> {
      return db.selectFrom('mail_outbox').selectAll().where('to', '=', to).orderBy('createdAt', 'desc').execute()
    },
  }
}

export type MailRepo = ReturnType<typeof mailRepo>
