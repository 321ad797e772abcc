/** WebSub hub discovery in a feed document: `<link rel="hub" href="…">` (Atom or atom:link in RSS). */
const LINK = /<(?:atom:)?link\b[^>]*>/gi
const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag)

/** The hub and self (topic) URLs a feed document names, if any (the first 64 KiB are read). */
export function discoverHub(body: Uint8Array): { hub: string; self: string | null } | null {
  const text = new TextDecoder().decode(body.subarray(0, 64 * 1024))
  let hub: string | null = null
  let self: string | null = null
  for (const tag of text.match(LINK) ?? []) {
    const rel = attr(tag, 'rel')
    const href = attr(tag, 'href')
    const value = href ? (href[2] ?? href[3] ?? '').trim() : ''
    const rels = (rel ? (rel[2] ?? rel[3] ?? '') : '').toLowerCase().split(/\s+/)
    if (!value || !/^https?:\/\//i.test(value)) continue
    if (rels.includes('hub') && !hub) hub = value
    if (rels.includes('self') && !self) self = value
  }
  return hub ? { hub, self } : null
}
