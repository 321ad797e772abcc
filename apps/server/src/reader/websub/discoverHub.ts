/**
 * WebSub hub discovery (W3C WebSub §4): the HTTP `Link` header first (`<…>; rel="hub"`,
 * `<…>; rel="self"`), then `<link rel="hub" href="…">` in the document (Atom, or atom:link in RSS).
 */
const LINK = /<(?:atom:)?link\b[^>]*>/gi
const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag)
const isHttp = (value: string) => /^https?:\/\//i.test(value)

/** hub and self URLs of an HTTP Link header (RFC 8288), relative ones resolved against `base`. */
export function hubFromLinkHeader(header: string | null, base: string): { hub: string | null; self: string | null } {
  let hub: string | null = null
  let self: string | null = null
  for (const m of (header ?? '').matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(m[2] ?? '')
    const rels = (rel ? (rel[1] ?? rel[2] ?? '') : '').toLowerCase().split(/\s+/)
    let url: string
    try {
      url = new URL((m[1] ?? '').trim(), base).href
    } catch {
      continue
    }
    if (!isHttp(url)) continue
    if (rels.includes('hub') && !hub) hub = url
    if (rels.includes('self') && !self) self = url
  }
  return { hub, self }
}

/** The hub and self (topic) URLs a feed names, if any: the Link header wins; of the body the first 64 KiB are read. */
export function discoverHub(body: Uint8Array, linkHeader: string | null = null, base = 'http://invalid/'): { hub: string; self: string | null } | null {
  const fromHeader = hubFromLinkHeader(linkHeader, base)
  if (fromHeader.hub) return { hub: fromHeader.hub, self: fromHeader.self }
  const text = new TextDecoder().decode(body.subarray(0, 64 * 1024))
  let hub: string | null = null
  let self: string | null = fromHeader.self
  for (const tag of text.match(LINK) ?? []) {
    const rel = attr(tag, 'rel')
    const href = attr(tag, 'href')
    const value = href ? (href[2] ?? href[3] ?? '').trim() : ''
    const rels = (rel ? (rel[2] ?? rel[3] ?? '') : '').toLowerCase().split(/\s+/)
    if (!value || !isHttp(value)) continue
    if (rels.includes('hub') && !hub) hub = value
    if (rels.includes('self') && !self) self = value
  }
  return hub ? { hub, self } : null
}
