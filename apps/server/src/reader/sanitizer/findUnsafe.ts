/**
 * Test support: lists what in a piece of sanitized HTML could execute, load foreign UI or restyle
 * the page. Parses with linkedom (a real HTML tokenizer), so tricks that fool regexes are seen the
 * way a browser would see them. An empty list means the HTML is safe by Brook's rules.
 */
import { parseHTML } from 'linkedom'
import { ALLOWED_TAGS, IFRAME_HOSTS } from './sanitizeHtml.ts'

type El = {
  tagName: string
  attributes: ArrayLike<{ name: string; value: string }>
  getAttribute(name: string): string | null
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite', 'action', 'formaction', 'background', 'lowsrc', 'dynsrc', 'data', 'xlink:href', 'longdesc', 'usemap', 'codebase', 'manifest', 'ping'])
const allowed = new Set(ALLOWED_TAGS)
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp)[;,]/i

/** The scheme of a URL as a browser reads it (whitespace and control characters ignored). */
function schemeOf(value: string): string {
  // eslint-disable-next-line no-control-regex -- browsers ignore these before reading the scheme
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  const m = /^([a-z][a-z0-9+.-]*):/.exec(compact)
  return m ? m[1] : ''
}

export function findUnsafe(html: string): string[] {
  const problems: string[] = []
  if (/<script/i.test(html)) problems.push('<script in output')
  if (/expression\s*\(/i.test(html) && /style|expression\s*\(/i.test(html) && /=\s*["'][^"']*expression\s*\(/i.test(html)) problems.push('expression( in an attribute')
  // linkedom's types lean on lib.dom, which the server does not compile with: read through a narrow shape.
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`) as unknown as {
    document: { body: { querySelectorAll(selector: string): ArrayLike<El> } }
  }
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase()
    if (!allowed.has(tag)) problems.push(`element <${tag}>`)
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase()
      const value = attr.value
      if (name.startsWith('on')) problems.push(`event handler ${name} on <${tag}>`)
      if (name === 'style') problems.push(`style attribute on <${tag}>`)
      if (name === 'srcdoc' || name === 'formaction' || name === 'action') problems.push(`${name} on <${tag}>`)
      if (/expression\s*\(|javascript:|vbscript:/i.test(value) && (name === 'style' || URL_ATTRIBUTES.has(name))) problems.push(`${name}="${value}" on <${tag}>`)
      if (URL_ATTRIBUTES.has(name) || name === 'srcset') {
        const candidates = name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]) : [value]
        for (const url of candidates) {
          const scheme = schemeOf(url)
          if (scheme === 'javascript' || scheme === 'vbscript' || scheme === 'livescript' || scheme === 'mocha') problems.push(`${scheme}: URL in ${name} on <${tag}>`)
          if (scheme === 'data' && !(tag === 'img' && name === 'src' && SAFE_DATA_IMAGE.test(url.trim()))) problems.push(`data: URL in ${name} on <${tag}>`)
        }
      }
    }
    if (tag === 'iframe') {
      if (el.getAttribute('sandbox') !== 'allow-scripts allow-same-origin allow-popups') problems.push('iframe without the forced sandbox')
      const host = URL.parse(el.getAttribute('src') ?? '')?.hostname ?? ''
      if (!IFRAME_HOSTS.includes(host)) problems.push(`iframe from ${host || 'nowhere'}`)
    }
    if (tag === 'a' && el.getAttribute('href') !== null) {
      if (el.getAttribute('rel') !== 'noopener noreferrer' || el.getAttribute('target') !== '_blank') problems.push('link without rel="noopener noreferrer" target="_blank"')
    }
  }
  return problems
}
