/** The key-value table (SPEC §3): small JSON values such as the settings tabs. */
import { toObjects, type SqlExecutor, type Statement } from '../types.ts'

export function setKv(key: string, value: unknown): Statement[] {
  return [{ sql: 'INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', params: [key, JSON.stringify(value)] }]
}

export async function getKv<T>(db: SqlExecutor, key: string): Promise<T | null> {
  const [result] = await db.run([{ sql: 'SELECT value FROM kv WHERE key = ?', params: [key] }])
  const row = toObjects<{ value: string | null }>(result)[0]
  if (!row?.value) return null
  try {
    return JSON.parse(row.value) as T
  } catch {
    return null
  }
}
