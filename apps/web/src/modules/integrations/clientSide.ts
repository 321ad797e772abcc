/**
 * Integrations that run on the user's own machine, never the server: Eagle's local API
 * (127.0.0.1:41595, the entry's images), Obsidian's URL scheme (the entry as Markdown), and
 * custom URL schemes (a template filled from the entry).
 */
import TurndownService from 'turndown'
import type { Entry } from '../../store/index.ts'

const EAGLE = 'http://127.0.0.1:41595/api/item/addFromURLs'

/** Fills {{title}} {{url}} {{content}} {{author}} {{publishedAt}}, each URL-encoded. */
export function fillUrlTemplate(template: string, entry: Entry): string {
  const values: Record<string, string> = { title: entry.title ?? '', url: entry.url ?? '', content: entry.content ?? '', author: entry.author ?? '', publishedAt: entry.publishedAt }
  return template.replace(/\{\{\s*(title|url|content|author|publishedAt)\s*\}\}/g, (_, key: string) => encodeURIComponent(values[key]))
}

/** obsidian://new with the entry as a Markdown note. */
export function obsidianUrl(entry: Entry, vault: string, folder: string): string {
  const markdown = `${entry.url ? `[${entry.url}](${entry.url})\n\n` : ''}${new TurndownService({ headingStyle: 'atx' }).turndown(entry.content ?? '')}`
  const name = `${folder ? `${folder.replace(/\/+$/, '')}/` : ''}${(entry.title ?? 'Untitled').replace(/[\\/:*?"<>|]/g, ' ').slice(0, 120)}`
  const params = new URLSearchParams({ name, content: markdown })
  if (vault) params.set('vault', vault)
  return `obsidian://new?${params.toString().replace(/\+/g, '%20')}`
}

/** The entry's images for Eagle: media photos, then <img> sources of the content. */
export function entryImages(entry: Entry): string[] {
  const urls = (entry.media ?? []).filter((m) => m.type === 'photo').map((m) => m.url)
  for (const match of (entry.content ?? '').matchAll(/<img[^>]+src="(https?:[^"]+)"/g)) urls.push(match[1])
  return [...new Set(urls)]
}

/**
 * Sends the images to the Eagle app on this machine (its local API, POST /api/item/addFromURLs
 * `{items: [{url, name, website}]}`, answered `{status: "success"}`); throws with Eagle's own
 * status or message when it refuses. `endpoint` is for tests.
 */
export async function addToEagle(entry: Entry, endpoint = EAGLE): Promise<number> {
  const images = entryImages(entry)
  if (images.length === 0) throw new Error('no images')
  const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: images.map((url) => ({ url, name: entry.title ?? url, website: entry.url ?? '' })) }) })
  const answer = (await response.json().catch(() => null)) as { status?: string; message?: string; data?: unknown } | null
  if (!response.ok || (answer && answer.status !== undefined && answer.status !== 'success')) {
    throw new Error(`Eagle: ${answer?.message ?? (typeof answer?.data === 'string' ? answer.data : null) ?? answer?.status ?? response.status}`)
  }
  return images.length
}
