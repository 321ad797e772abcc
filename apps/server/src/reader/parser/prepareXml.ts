/**
 * Makes decoded XML safe and digestible before feedsmith sees it.
 *
 * Entity attacks (billion laughs, quadratic blow-up, external entities) live in the DOCTYPE.
 * feedsmith's XML parser is configured not to expand entities at all, but we do not rely on a
 * dependency's setting: every `<!DOCTYPE …>` is cut out of the document here. Feeds do use a
 * DOCTYPE for two honest reasons, and both keep working:
 * - an RSS 0.91 DTD reference so that HTML entities (`&eacute;`) are "declared" — feedsmith
 *   decodes HTML named entities anyway;
 * - a couple of simple internal entities (`<!ENTITY id "tag:example.com,">`) — expanded here,
 *   but only literal values (no `&`, `<` or `%`, at most 256 characters, at most 64 of them)
 *   and within an expansion budget. External, parameter and nested entities are never expanded;
 *   a reference left unexpanded stays as literal text.
 */

const MAX_ENTITIES = 64
const MAX_ENTITY_VALUE = 256
/** Total characters that entity expansion may add to a document. */
export const ENTITY_EXPANSION_BUDGET = 1 << 20

const PREDEFINED = new Set(['lt', 'gt', 'amp', 'quot', 'apos'])

/** End index (exclusive) of the DOCTYPE starting at `start`, honouring quotes and an internal subset. */
function doctypeEnd(xml: string, start: number): number {
  let i = start + 9
  let quote = ''
  let inSubset = false
  for (; i < xml.length; i++) {
    const c = xml[i]
    if (quote) {
      if (c === quote) quote = ''
      continue
    }
    if (c === '"' || c === "'") quote = c
    else if (inSubset) {
      if (c === ']') inSubset = false
      else if (c === '<' && xml.startsWith('<!--', i)) {
        const close = xml.indexOf('-->', i + 4)
        if (close === -1) return xml.length
        i = close + 2
      }
    } else if (c === '[') inSubset = true
    else if (c === '>') return i + 1
  }
  return xml.length
}

/** Collects the internal general entities of a DOCTYPE whose values are plain literals. */
function safeEntities(doctype: string): Map<string, string> {
  const entities = new Map<string, string>()
  const subsetStart = doctype.indexOf('[')
  if (subsetStart === -1) return entities
  const re = /<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/g
  re.lastIndex = subsetStart
  let m: RegExpExecArray | null
  while ((m = re.exec(doctype)) !== null && entities.size < MAX_ENTITIES) {
    const name = m[1]
    const value = m[2] ?? m[3] ?? ''
    if (PREDEFINED.has(name) || entities.has(name)) continue
    if (value.length > MAX_ENTITY_VALUE || /[&<%]/.test(value)) continue
    entities.set(name, value.replace(/"/g, '&quot;').replace(/'/g, '&apos;'))
  }
  return entities
}

function expandEntities(xml: string, entities: Map<string, string>): string {
  let budget = ENTITY_EXPANSION_BUDGET
  const expand = (text: string) =>
    text.replace(/&([A-Za-z_][\w.-]*);/g, (ref, name: string) => {
      const value = entities.get(name)
      if (value === undefined || value.length > budget) return ref
      budget -= value.length
      return value
    })
  // Entity references inside CDATA sections are literal text.
  let out = ''
  let last = 0
  let start = xml.indexOf('<![CDATA[')
  while (start !== -1) {
    const end = xml.indexOf(']]>', start + 9)
    if (end === -1) break
    out += expand(xml.slice(last, start)) + xml.slice(start, end + 3)
    last = end + 3
    start = xml.indexOf('<![CDATA[', last)
  }
  return out + expand(xml.slice(last))
}

/**
 * Removes the DOCTYPE(s) of the prolog — the only place a DOCTYPE is valid — and expands the
 * harmless internal entities they declared. Cost is linear in the prolog, plus one pass over the
 * document only when such entities exist; the output is at most `ENTITY_EXPANSION_BUDGET` longer.
 * A `<!DOCTYPE` after the root element is not XML; the XML parser feedsmith uses never expands
 * entities (processEntities: false, see entityAttacks.test.ts), so such a stray one is inert.
 */
export function neutralizeDoctype(xml: string): string {
  let entities = new Map<string, string>()
  let found = false
  let out = ''
  let last = 0
  let i = 0
  while (i < xml.length) {
    const lt = xml.indexOf('<', i)
    if (lt === -1) break
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt + 2)
      if (end === -1) break
      i = end + 2
    } else if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4)
      if (end === -1) break
      i = end + 3
    } else if (xml.slice(lt, lt + 9).toUpperCase() === '<!DOCTYPE') {
      const end = doctypeEnd(xml, lt)
      if (!found) entities = safeEntities(xml.slice(lt, end))
      found = true
      out += xml.slice(last, lt)
      last = end
      i = end
    } else break // the root element: the prolog is over
  }
  if (!found) return xml
  out += xml.slice(last)
  return entities.size > 0 ? expandEntities(out, entities) : out
}

/**
 * Repairs RSS documents that put `<item>`s straight under `<rss>` without a `<channel>`
 * (feedsmith needs the channel).
 */
export function ensureRssChannel(xml: string): string {
  if (/<(?:\w+:)?channel[\s>/]/i.test(xml)) return xml
  const open = /<((?:\w+:)?rss)\b[^>]*>/i.exec(xml)
  if (!open) return xml
  const closeTag = `</${open[1]}>`
  const closeIndex = xml.toLowerCase().lastIndexOf(closeTag.toLowerCase())
  const afterOpen = open.index + open[0].length
  if (open[0].endsWith('/>')) return xml
  if (closeIndex === -1) return `${xml.slice(0, afterOpen)}<channel>${xml.slice(afterOpen)}</channel>`
  return `${xml.slice(0, afterOpen)}<channel>${xml.slice(afterOpen, closeIndex)}</channel>${xml.slice(closeIndex)}`
}
