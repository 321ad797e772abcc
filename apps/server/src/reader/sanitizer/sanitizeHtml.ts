/**
 * The sanitizer step of the feed pipeline: an allow-list over sanitize-html that keeps the
 * semantic HTML of articles and removes everything that can run code, load a form, restyle or
 * overlay the reader, or leave the page (see the rules in the tests beside this file).
 * @module
 */
import sanitize from 'sanitize-html'
import { resolveUrl } from '../normalize/resolveUrl.ts'
import { stripControls } from './htmlToText.ts'
import { EMBED_FRAME_HOSTS } from '@brook/shared'

export { htmlToText, stripControls } from './htmlToText.ts'

/** Hosts whose players may be embedded in an iframe (always sandboxed); shared with the browser's pass. */
export const IFRAME_HOSTS: readonly string[] = EMBED_FRAME_HOSTS

const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups'

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

const GLOBAL_ATTRIBUTES = ['title', 'lang', 'dir']

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
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
const NON_TEXT_TAGS = [
  'script', 'style', 'textarea', 'option', 'template', 'title', 'xmp', 'noembed',
  'noframes', 'iframe', 'embed', 'frameset', 'frame', 'head', 'select',
  'button', 'svg', 'math',
]

const URL_SCHEMES = ['http', 'https', 'mailto', 'ftp', 'tel', 'magnet']
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp)[;,]/i

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

function resolveAttr(attribs: sanitize.Attributes, name: string, baseUrl: string | undefined): void {
  const value = attribs[name]
  if (value === undefined) return
  const resolved = resolveUrl(value, baseUrl)
  if (resolved === null) delete attribs[name]
  else attribs[name] = resolved
}

function withMediaUrls(baseUrl: string | undefined): sanitize.Transformer {
  return (tagName, attribs) => {
    resolveAttr(attribs, 'src', baseUrl)
    resolveAttr(attribs, 'poster', baseUrl)
    if (attribs.srcset !== undefined) {
      const cleaned = cleanSrcset(attribs.srcset, baseUrl)
      if (cleaned) attribs.srcset = cleaned
      else delete attribs.srcset
    }
    return { tagName, attribs }
  }
}

function buildOptions(baseUrl: string | undefined): sanitize.IOptions {
  const media = withMediaUrls(baseUrl)
  return {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedClasses: {},
    allowedStyles: {},
    allowedSchemes: URL_SCHEMES,
    allowedSchemesByTag: {
      img: ['http', 'https', 'data'],
      source: ['http', 'https'],
      video: ['http', 'https'],
      audio: ['http', 'https'],
      track: ['http', 'https'],
      iframe: ['http', 'https'],
    },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster'],
    allowProtocolRelative: true,
    allowedIframeHostnames: IFRAME_HOSTS as string[],
    allowIframeRelativeUrls: false,
    disallowedTagsMode: 'discard',
    // HTML void elements: written as <x />, never given a closing tag.
    selfClosing: ['img', 'br', 'hr', 'wbr', 'source', 'track', 'col'],
    nonTextTags: NON_TEXT_TAGS,
    enforceHtmlBoundary: false,
    parseStyleAttributes: false,
    transformTags: {
      a: (tagName, attribs) => {
        resolveAttr(attribs, 'href', baseUrl)
        delete attribs.target
        attribs.rel = 'noopener noreferrer'
        attribs.target = '_blank'
        return { tagName, attribs }
      },
      img: (tagName, attribs) => {
        const out = media(tagName, attribs)
        const src = out.attribs.src
        if (src !== undefined && /^\s*data:/i.test(src) && !SAFE_DATA_IMAGE.test(src.trim())) delete out.attribs.src
        return out
      },
      source: media,
      video: media,
      audio: media,
      track: media,
      iframe: (tagName, attribs) => {
        const out = media(tagName, attribs)
        out.attribs.sandbox = IFRAME_SANDBOX
        delete out.attribs.srcdoc
        return out
      },
      blockquote: (tagName, attribs) => {
        resolveAttr(attribs, 'cite', baseUrl)
        return { tagName, attribs }
      },
    },
    // An iframe whose src was refused (host not allowed, bad scheme) goes away entirely,
    // and so does an image left with nothing to show.
    exclusiveFilter: (frame) =>
      (frame.tag === 'iframe' && !frame.attribs.src) ||
      (frame.tag === 'img' && !frame.attribs.src && !frame.attribs.srcset),
  }
}

const optionsByBase = new Map<string, sanitize.IOptions>()

function optionsFor(baseUrl: string | undefined): sanitize.IOptions {
  const key = baseUrl ?? ''
  let options = optionsByBase.get(key)
  if (!options) {
    if (optionsByBase.size > 256) optionsByBase.clear()
    options = buildOptions(baseUrl)
    optionsByBase.set(key, options)
  }
  return options
}

/**
 * Cleans untrusted feed HTML down to the allow-list: no scripts, handlers, forms, styles,
 * non-web URLs or foreign iframes; links open in a new tab without an opener; relative
 * href/src/srcset/poster resolve against `baseUrl`.
 */
export function sanitizeHtml(html: string, baseUrl?: string): string {
  if (html === '') return ''
  return stripControls(sanitize(html, optionsFor(baseUrl))).trim()
}
