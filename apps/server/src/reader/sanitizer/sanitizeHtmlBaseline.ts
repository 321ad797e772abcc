/**
 * The sanitizer Brook used before the streaming one: the same policy (allowList.ts) over
 * sanitize-html. Kept as the reference the streaming sanitizer is checked against output for
 * output (sanitizeHtml.differential.test.ts) and as the baseline of bench/parse.
 * @module
 */
import sanitize from 'sanitize-html'
import { resolveUrl } from '../normalize/resolveUrl.ts'
import { stripControls } from './htmlToText.ts'
import {
  ALLOWED_ATTRIBUTES, ALLOWED_TAGS, IFRAME_HOSTS, IFRAME_SANDBOX, NON_TEXT_TAGS, SAFE_DATA_IMAGE, SCHEMES_BY_TAG,
  SELF_CLOSING, URL_ATTRIBUTES, URL_SCHEMES, cleanSrcset,
} from './allowList.ts'

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
    allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    allowedClasses: {},
    allowedStyles: {},
    allowedSchemes: [...URL_SCHEMES],
    allowedSchemesByTag: Object.fromEntries(Object.entries(SCHEMES_BY_TAG).map(([tag, schemes]) => [tag, [...schemes]])),
    allowedSchemesAppliedToAttributes: [...URL_ATTRIBUTES],
    allowProtocolRelative: true,
    allowedIframeHostnames: [...IFRAME_HOSTS],
    allowIframeRelativeUrls: false,
    disallowedTagsMode: 'discard',
    selfClosing: [...SELF_CLOSING],
    nonTextTags: [...NON_TEXT_TAGS],
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
export function sanitizeHtmlBaseline(html: string, baseUrl?: string): string {
  if (html === '') return ''
  return stripControls(sanitize(html, optionsFor(baseUrl))).trim()
}
