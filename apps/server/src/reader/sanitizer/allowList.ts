/**
 * Brook's sanitizing policy, shared by the streaming sanitizer (sanitizeHtml.ts) and the
 * sanitize-html baseline it is measured and checked against (sanitizeHtmlBaseline.ts): the
 * allow-list of elements and attributes, URL schemes per element, iframe hosts and srcset rules.
 * @module
 */
import { resolveUrl } from '../normalize/resolveUrl.ts'
import { EMBED_FRAME_HOSTS } from '@brook/shared'

/** Hosts whose players may be embedded in an iframe (always sandboxed); shared with the browser's pass. */
export const IFRAME_HOSTS: readonly string[] = EMBED_FRAME_HOSTS

export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups'

/** Every element that may appear in sanitized output. */
export const ALLOWED_TAGS: readonly string[] = [
  // text blocks
  'p', 'div', 'span', 'br', 'hr', 'wbr', 'blockquote', 'pre', 'code', 'address',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'details', 'summary',
  // inline semantics
  'a', 'abbr', 'acronym', 'b', 'bdi', 'bdo', 'big', 'cite', 'del', 'dfn', 'em', 'i', 'ins', 'kbd',
  'mark', 'q', 's', 'samp', 'small', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var',
  'ruby', 'rp', 'rt',
  // lists
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  // tables
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  // media
  'img', 'figure', 'figcaption', 'picture', 'source', 'video', 'audio', 'track', 'iframe',
]

export const GLOBAL_ATTRIBUTES: readonly string[] = ['title', 'lang', 'dir']

export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': GLOBAL_ATTRIBUTES,
  a: ['href', 'name', 'rel', 'target', 'hreflang'],
  img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
  source: ['src', 'srcset', 'sizes', 'type', 'media', 'width', 'height'],
  video: ['src', 'poster', 'width', 'height', 'controls', 'loop', 'muted', 'playsinline', 'preload'],
  audio: ['src', 'controls', 'loop', 'muted', 'preload'],
  track: ['src', 'kind', 'srclang', 'label', 'default'],
  iframe: ['src', 'width', 'height', 'allowfullscreen', 'sandbox', 'loading', 'referrerpolicy'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  time: ['datetime'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  td: ['colspan', 'rowspan', 'headers', 'align', 'valign'],
  th: ['colspan', 'rowspan', 'headers', 'scope', 'align', 'valign', 'abbr'],
  col: ['span'],
  colgroup: ['span'],
  details: ['open'],
  abbr: ['title'],
  bdo: ['dir'],
}

/**
 * Elements removed together with everything inside them. Other disallowed elements lose only
 * their tags: the fallback content of <object>/<applet> and the images of <noscript> (often the
 * real ones behind lazy loading) stay, sanitized like the rest.
 */
export const NON_TEXT_TAGS: readonly string[] = [
  'script', 'style', 'textarea', 'option', 'template', 'title', 'xmp', 'noembed',
  'noframes', 'iframe', 'embed', 'frameset', 'frame', 'head', 'select',
  'button', 'svg', 'math',
]

export const URL_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'ftp', 'tel', 'magnet']
export const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp)[;,]/i

/** Resolves each candidate URL of a srcset; drops candidates that are not http(s) after resolution. */
export function cleanSrcset(srcset: string, baseUrl?: string): string {
  const out: string[] = []
  // WHATWG "parse a srcset attribute": a URL is a run of non-whitespace (commas included, trailing
  // ones ending the candidate); descriptors follow up to the next comma.
  let i = 0
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i])) i++
    let end = i
    while (end < srcset.length && !/\s/.test(srcset[end])) end++
    let rawUrl = srcset.slice(i, end)
    i = end
    let descriptor = ''
    if (rawUrl.endsWith(',')) rawUrl = rawUrl.replace(/,+$/, '')
    else {
      const comma = srcset.indexOf(',', i)
      descriptor = srcset.slice(i, comma === -1 ? srcset.length : comma).trim()
      i = comma === -1 ? srcset.length : comma + 1
    }
    if (rawUrl === '') continue
    const url = resolveUrl(rawUrl, baseUrl)
    if (url && /^https?:\/\//i.test(url) && !/\s/.test(url) && !url.endsWith(',')) {
      out.push(descriptor && /^[\d.]+[wx]$/i.test(descriptor) ? `${url} ${descriptor}` : url)
    }
  }
  return out.join(', ')
}

/** URL schemes allowed per element (other elements: URL_SCHEMES). */
export const SCHEMES_BY_TAG: Readonly<Record<string, readonly string[]>> = {
  img: ['http', 'https', 'data'],
  source: ['http', 'https'],
  video: ['http', 'https'],
  audio: ['http', 'https'],
  track: ['http', 'https'],
  iframe: ['http', 'https'],
}

/** Attributes whose value is a URL checked against the schemes. */
export const URL_ATTRIBUTES: readonly string[] = ['href', 'src', 'cite', 'poster']

/** HTML void elements: written as <x />, never given a closing tag. */
export const SELF_CLOSING: readonly string[] = ['img', 'br', 'hr', 'wbr', 'source', 'track', 'col']
