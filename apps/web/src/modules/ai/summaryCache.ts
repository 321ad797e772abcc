/**
 * The local summaries table (SPEC §3, §9): one row per entry and language, `summary` for the
 * content and `readabilitySummary` for the readable version; at most 10 kept, the least recently
 * accessed removed (db/repositories/maintenance.ts does the same at start-up).
 */
import { localDb } from '../../db/index.ts'
import { SUMMARY_CACHE_SIZE } from '../../db/repositories/maintenance.ts'

type Row = { summary: string; readabilitySummary: string | null }

export async function cachedSummary(entryId: string, language: string, target: 'content' | 'readabilityContent'): Promise<string | null> {
  const [row] = await localDb.all<Row>('SELECT summary, readabilitySummary FROM summaries WHERE entryId = ? AND language = ?', [entryId, language])
  const text = row ? (target === 'content' ? row.summary : row.readabilitySummary) : null
  if (text) void localDb.write([{ sql: 'UPDATE summaries SET lastAccessed = ? WHERE entryId = ? AND language = ?', params: [new Date().toISOString(), entryId, language] }]).catch(() => undefined)
  return text || null
}

export async function storeSummary(entryId: string, language: string, target: 'content' | 'readabilityContent', text: string): Promise<void> {
  const now = new Date().toISOString()
  const column = target === 'content' ? 'summary' : 'readabilitySummary'
  await localDb
    .write([
      {
        sql: `INSERT INTO summaries (entryId, language, summary, readabilitySummary, createdAt, lastAccessed) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (entryId, language) DO UPDATE SET ${column} = excluded.${column}, lastAccessed = excluded.lastAccessed`,
        params: [entryId, language, target === 'content' ? text : '', target === 'content' ? null : text, now, now],
      },
      { sql: 'DELETE FROM summaries WHERE rowid NOT IN (SELECT rowid FROM summaries ORDER BY COALESCE(lastAccessed, createdAt) DESC LIMIT ?)', params: [SUMMARY_CACHE_SIZE] },
    ])
    .catch(() => undefined)
}
