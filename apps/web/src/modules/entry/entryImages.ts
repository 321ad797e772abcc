/** Every picture of an entry, for the gallery: media photos first, then the body's images, without repeats. */
import type { Entry } from '../../store/index.ts'

const IMG = /<img[^>]+src=["']([^"']+)["']/gi

export function imagesOfEntry(entry: Pick<Entry, 'media' | 'content' | 'readabilityContent' | 'url'>): string[] {
  const out: string[] = []
  const add = (src: string) => {
    let url = src.replace(/&amp;/g, '&')
    try {
      url = new URL(url, entry.url ?? undefined).toString()
    } catch {
      /* keep as is */
    }
    if (!/\.(mp4|webm)(\?|#|$)/i.test(url) && !out.includes(url)) out.push(url)
  }
  for (const m of entry.media ?? []) if (m.type === 'photo') add(m.url)
  for (const match of (entry.content ?? '').matchAll(IMG)) add(match[1])
  return out
}
