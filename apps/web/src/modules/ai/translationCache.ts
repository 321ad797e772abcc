/** The local translations table (SPEC §3): per entry and language; rows older than 7 days are dropped at start-up. */
import { localDb } from '../../db/index.ts'

export type TranslatedFields = { title?: string; description?: string; content?: string; readabilityContent?: string }
const FIELDS = ['title', 'description', 'content', 'readabilityContent'] as const

export async function cachedTranslation(entryId: string, language: string): Promise<TranslatedFields> {
  const [row] = await localDb.all<Record<(typeof FIELDS)[number], string | null>>('SELECT title, description, content, readabilityContent FROM translations WHERE entryId = ? AND language = ?', [entryId, language])
  const out: TranslatedFields = {}
  if (row) for (const f of FIELDS) if (row[f]) out[f] = row[f] as string
  return out
}

export async function storeTranslation(entryId: string, language: string, fields: TranslatedFields): Promise<void> {
  const values = FIELDS.map((f) => fields[f] ?? null)
  await localDb
    .write([
      {
        sql: `INSERT INTO translations (entryId, language, title, description, content, readabilityContent, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (entryId, language) DO UPDATE SET title = COALESCE(excluded.title, title), description = COALESCE(excluded.description, description),
          content = COALESCE(excluded.content, content), readabilityContent = COALESCE(excluded.readabilityContent, readabilityContent)`,
        params: [entryId, language, ...values, new Date().toISOString()],
      },
    ])
    .catch(() => undefined)
}
