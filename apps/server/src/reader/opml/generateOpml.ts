/** @module generateOpml: an OPML 2.0 export with categories as folders; parseOpml reads it back unchanged. */
import type { Opml } from 'feedsmith'
import { feedsmith } from '../parser/feedsmith.ts'

export type OpmlExport = {
  title: string
  dateCreated?: Date
  outlines: { title: string; xmlUrl: string; htmlUrl?: string | null; category?: string | null }[]
}

/** Serialises subscriptions to OPML 2.0; folders appear in the order their first feed does. */
export function generateOpml(input: OpmlExport): string {
  const body: Opml.Outline<Date>[] = []
  const folders = new Map<string, Opml.Outline<Date>[]>()
  for (const feed of input.outlines) {
    const outline: Opml.Outline<Date> = {
      text: feed.title,
      title: feed.title,
      type: 'rss',
      xmlUrl: feed.xmlUrl,
      ...(feed.htmlUrl ? { htmlUrl: feed.htmlUrl } : {}),
    }
    const category = feed.category?.trim()
    if (!category) {
      body.push(outline)
      continue
    }
    let folder = folders.get(category)
    if (!folder) {
      folder = []
      folders.set(category, folder)
      body.push({ text: category, title: category, outlines: folder })
    }
    folder.push(outline)
  }
  if (body.length === 0) return emptyOpml(input)
  return feedsmith().generateOpml({
    head: { title: input.title, ...(input.dateCreated ? { dateCreated: input.dateCreated } : {}) },
    body: { outlines: body },
  })
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/** feedsmith refuses a body without outlines; an export of no subscriptions is still a valid document. */
function emptyOpml(input: OpmlExport): string {
  const date = input.dateCreated ? `\n    <dateCreated>${input.dateCreated.toUTCString()}</dateCreated>` : ''
  return `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0">
  <head>
    <title>${escapeXml(input.title)}</title>${date}
  </head>
  <body/>
</opml>
`
}
