/** SQL of worker-id leases (0015). */
import type { Db } from '../../db/transactions.ts'

export function workerLeasesRepo(db: Db) {
  return {
    /** Frees every lease that expired before `now`. */
    async dropExpired(now: string): Promise<void> {
      await db.deleteFrom('worker_leases').where('expiresAt', '<', now).execute()
    },

    async heldIds(): Promise<number[]> {
      const rows = await db.selectFrom('worker_leases').select('workerId').orderBy('workerId').execute()
      return rows.map((r) => Number(r.workerId))
    },

    /** Takes the id when nobody holds it; false when another process was first. */
    async claim(workerId: number, holder: string, expiresAt: string): Promise<boolean> {
      const rows = await db
        .insertInto('worker_leases')
        .values({ workerId, holder, expiresAt })
        .onConflict((oc) => oc.column('workerId').doNothing())
        .returning('workerId')
        .execute()
      return rows.length === 1
    },

    /** Extends the holder's lease; false when it no longer holds the id. */
    async renew(workerId: number, holder: string, expiresAt: string): Promise<boolean> {
      const result = await db.updateTable('worker_leases').set({ expiresAt }).where('workerId', '=', workerId).where('holder', '=', holder).executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async release(workerId: number, holder: string): Promise<void> {
      await db.deleteFrom('worker_leases').where('workerId', '=', workerId).where('holder', '=', holder).execute()
    },
  }
}

export type WorkerLeasesRepo = ReturnType<typeof workerLeasesRepo>
