/** SQL for instance-wide key/values and user counts. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

export function instanceRepo(db: Kysely<Database>) {
  return {
    async get(key: string): Promise<string | null> {
      const row = await db.selectFrom('instance_kv').select('value').where('key', '=', key).executeTakeFirst()
      return row?.value ?? null
    },
    /** Stores value unless the key exists; returns what is stored afterwards (first writer wins). */
    async getOrInsert(key: string, value: string): Promise<string> {
      await db.insertInto('instance_kv').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).execute()
      return (await this.get(key)) ?? value
    },
    /** Stores value under key, replacing what was there. */
    async set(key: string, value: string): Promise<void> {
      await db.insertInto('instance_kv').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute()
    },
    async userCount(): Promise<number> {
      const row = await db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}

export type InstanceRepo = ReturnType<typeof instanceRepo>
