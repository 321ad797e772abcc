/** An entry as integrations send it, and helpers to render it (Markdown for Outline, templates for custom HTTP). */
import type TurndownService from 'turndown'
import { lazily, requireModule } from '../../lib/lazyRequire.ts'

export type SavedEntry = {
  id: string
  title: string | null
  url: string | null
  content: string | null
  author: string | null
  publishedAt: string
  feedTitle: string | null
  /** Torrent or magnet links among the entry's enclosures (qBittorrent). */
  torrents: string[]
}

/** Made at the first save (turndown and its DOM are not loaded at start-up). */
const turndown = lazily(() => new (requireModule<typeof TurndownService>('turndown'))({ headingStyle: 'atx', codeBlockStyle: 'fenced' }))

/** The entry's content as Markdown. */
export function toMarkdown(html: string | null): string {
  return html ? turndown().turndown(html) : ''
}

/** Fills {{title}} {{url}} {{content}} {{author}} {{publishedAt}}; `escape` encodes each value (JSON, URL). */
export function fillTemplate(template: string, entry: SavedEntry, escape: (value: string) => string = (v) => v): string {
  const values: Record<string, string> = { title: entry.title ?? '', url: entry.url ?? '', content: entry.content ?? '', author: entry.author ?? '', publishedAt: entry.publishedAt }
  return template.replace(/\{\{\s*(title|url|content|author|publishedAt)\s*\}\}/g, (_, key: string) => escape(values[key]))
}

/** Escapes a value for use inside a JSON string literal. */
export function jsonEscape(value: string): string {
  return JSON.stringify(value).slice(1, -1)
}
