/**
 * The browser's own pass over entry HTML (the server sanitized it already; this second
 * DOMPurify pass is defence in depth): scripts, handlers and frames from unknown origins go,
 * links open in a new tab without a referrer, images load lazily, and markdown-style images
 * whose address ends in .mp4/.webm become video players (SPEC §2 Player), optionally sized by a
 * `ratio` query parameter.
 */
import DOMPurify from 'dompurify'
import { isEmbeddableFrameSrc } from '@brook/shared'


/** The sandbox every kept frame gets (as the server's pass). */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups'

const VIDEO_SRC = /\.(mp4|webm)(\?[^#]*)?(#.*)?$/i

export interface SanitizeOptions {
  /** Keep inline `style` attributes (ui setting readerRenderInlineStyle). */
  keepInlineStyle?: boolean
  /** Resolve relative addresses against this (the entry's link). */
  baseUrl?: string | null
}

function absolute(url: string, base: string | null | undefined): string {
  if (!base) return url
  try {
    return new URL(url, base).toString()
  } catch {
    return url
  }
}

/** The ratio query parameter of a video address (`?ratio=16:9` or `?ratio=1.78`), if any. */
export function videoRatio(src: string): number | null {
  try {
    const raw = new URL(src, 'http://x').searchParams.get('ratio')
    if (!raw) return null
    const [w, h] = raw.split(/[:/x]/).map(Number)
    const ratio = h ? w / h : w
    return Number.isFinite(ratio) && ratio > 0.1 && ratio < 10 ? ratio : null
  } catch {
    return null
  }
}

let purifier: ReturnType<typeof DOMPurify> | null = null

function instance() {
  if (purifier) return purifier
  purifier = DOMPurify(window)
  purifier.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe' && node instanceof Element) {
      // The same list as the server's pass (@brook/shared embeds.ts).
      if (!isEmbeddableFrameSrc(node.getAttribute('src'))) node.parentNode?.removeChild(node)
      // Always sandboxed, whatever the content asked for (the server forces the same value).
      else node.setAttribute('sandbox', FRAME_SANDBOX)
    }
  })
  return purifier
}

/** Sanitizes entry HTML and prepares it for the reader; returns HTML text. */
export function sanitizeEntryHtml(html: string, options: SanitizeOptions = {}): string {
  if (!html) return ''
  const purify = instance()
  const fragment = purify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    ADD_TAGS: ['iframe', 'video', 'audio', 'source', 'figure', 'figcaption', 'picture'],
    ADD_ATTR: ['sandbox', 'allowfullscreen', 'frameborder', 'controls', 'poster', 'loading', 'srcset', 'sizes', 'target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed'],
    FORBID_ATTR: options.keepInlineStyle ? [] : ['style', 'class', 'id', 'width', 'height'],
  })
  const doc = fragment.ownerDocument
  for (const a of fragment.querySelectorAll('a[href]')) {
    a.setAttribute('href', absolute(a.getAttribute('href')!, options.baseUrl))
    a.setAttribute('target', '_blank')
    a.setAttribute('rel', 'noopener noreferrer')
  }
  for (const img of fragment.querySelectorAll('img')) {
    const src = img.getAttribute('src')
    if (!src) {
      img.remove()
      continue
    }
    const abs = absolute(src, options.baseUrl)
    if (VIDEO_SRC.test(new URL(abs, 'http://x').pathname)) {
      const video = doc.createElement('video')
      video.setAttribute('src', abs)
      video.setAttribute('controls', '')
      video.setAttribute('preload', 'metadata')
      video.setAttribute('playsinline', '')
      video.setAttribute('data-markdown-video', '')
      const ratio = videoRatio(abs)
      if (ratio) video.setAttribute('style', `aspect-ratio: ${ratio}; width: 100%`)
      img.replaceWith(video)
      continue
    }
    img.setAttribute('src', abs)
    img.setAttribute('loading', 'lazy')
    img.setAttribute('decoding', 'async')
    img.setAttribute('referrerpolicy', 'no-referrer')
  }
  for (const media of fragment.querySelectorAll('video, audio, source, iframe')) {
    const src = media.getAttribute('src')
    if (src) media.setAttribute('src', absolute(src, options.baseUrl))
    if (media.tagName === 'IFRAME') {
      media.setAttribute('loading', 'lazy')
      media.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin')
    }
  }
  const holder = doc.createElement('div')
  holder.appendChild(fragment)
  return holder.innerHTML
}

const cache = new Map<string, string>()
const CACHE_MAX = 200

/** sanitizeEntryHtml with a small cache (timeline items re-render often). */
export function sanitizeCached(key: string, html: string, options: SanitizeOptions = {}): string {
  const full = `${key}|${options.keepInlineStyle ? 1 : 0}|${html.length}`
  const hit = cache.get(full)
  if (hit !== undefined) return hit
  const out = sanitizeEntryHtml(html, options)
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!)
  cache.set(full, out)
  return out
}
