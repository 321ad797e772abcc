/**
 * Rendered entry HTML after the browser's sanitizing pass. Links open in a new tab with the
 * hover card (one to another site asks first: jumpOut.ts); clicking a picture opens the gallery at that picture; every <video> (the feed's
 * own, and markdown-style .mp4/.webm images) becomes Brook's video player, rendered in place.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { LazyVideoPlayer } from '../player/LazyVideoPlayer.tsx'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { useEntryViewStore } from './entryViewStore.ts'
import { interceptJumpOut } from './jumpOut.ts'
import { LinkHoverCard, type HoverTarget } from './LinkHoverCard.tsx'
import { sanitizeCached, videoRatio } from './sanitize.ts'

interface VideoSlot {
  host: HTMLElement
  src: string
  poster: string | null
  ratio: number | null
}

/**
 * Swaps each <video> of the rendered HTML for an empty host element the player is portalled
 * into (idempotent: hosts already made are found again).
 */
function videoSlots(root: HTMLElement): VideoSlot[] {
  for (const video of root.querySelectorAll('video')) {
    const src = video.getAttribute('src') || video.querySelector('source[src]')?.getAttribute('src')
    if (!src) continue
    const host = root.ownerDocument.createElement('div')
    host.setAttribute('data-video-host', src)
    const poster = video.getAttribute('poster')
    if (poster) host.setAttribute('data-poster', poster)
    video.replaceWith(host)
  }
  return [...root.querySelectorAll<HTMLElement>('[data-video-host]')].map((host) => {
    const src = host.getAttribute('data-video-host')!
    return { host, src, poster: host.getAttribute('data-poster'), ratio: videoRatio(src) }
  })
}

const SHOW_DELAY_MS = 250
const HIDE_DELAY_MS = 200

export const EntryContent = memo(function EntryContent({ cacheKey, html, baseUrl }: { cacheKey: string; html: string; baseUrl: string | null }) {
  const ui = useUiSettings()
  const safe = useMemo(() => sanitizeCached(cacheKey, html, { baseUrl, keepInlineStyle: ui.readerRenderInlineStyle }), [cacheKey, html, baseUrl, ui.readerRenderInlineStyle])
  const ref = useRef<HTMLDivElement>(null)
  const [hover, setHover] = useState<HoverTarget | null>(null)
  const showTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const openGallery = useEntryViewStore((s) => s.openGallery)
  const [videos, setVideos] = useState<VideoSlot[]>([])

  // Before paint, so the browser's own video controls never flash.
  useLayoutEffect(() => {
    if (ref.current) setVideos(videoSlots(ref.current))
  }, [safe])

  const keep = useCallback(() => clearTimeout(hideTimer.current), [])
  const leave = useCallback(() => {
    clearTimeout(showTimer.current)
    hideTimer.current = setTimeout(() => setHover(null), HIDE_DELAY_MS)
  }, [])
  useEffect(() => () => (clearTimeout(showTimer.current), clearTimeout(hideTimer.current)), [])
  useEffect(() => {
    setHover(null)
  }, [safe])

  const onMouseOver = (e: { target: EventTarget }) => {
    const a = (e.target as HTMLElement).closest('a[href]') as HTMLAnchorElement | null
    if (!a || !ref.current?.contains(a)) return
    keep()
    clearTimeout(showTimer.current)
    showTimer.current = setTimeout(() => setHover({ href: a.href, rect: a.getBoundingClientRect() }), SHOW_DELAY_MS)
  }
  const onMouseOut = (e: { target: EventTarget; relatedTarget: EventTarget | null }) => {
    const a = (e.target as HTMLElement).closest('a[href]')
    if (a && !a.contains(e.relatedTarget as Node)) leave()
  }
  const onClick = (e: React.MouseEvent) => {
    // A link to another site asks first when the general setting jumpOutLinkWarn is on.
    interceptJumpOut(e)
    const img = (e.target as HTMLElement).closest('img') as HTMLImageElement | null
    if (!img || img.closest('a')) return
    const all = [...(ref.current?.querySelectorAll('img') ?? [])].map((i) => i.currentSrc || i.src)
    openGallery(all, all.indexOf(img.currentSrc || img.src))
  }

  return (
    <>
      {/* Delegation for the links and pictures inside (each link is itself keyboard-operable); the
          link card shows for keyboard focus as it does for the pointer. */}
      {/* eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-static-element-interactions */}
      <div ref={ref} className="reader-content" data-testid="entry-content" onMouseOver={onMouseOver} onMouseOut={onMouseOut} onFocus={onMouseOver} onBlur={onMouseOut} onClick={onClick} dangerouslySetInnerHTML={{ __html: safe }} />
      {hover && <LinkHoverCard target={hover} onEnter={keep} onLeave={leave} />}
      {videos.map((v, i) => createPortal(<LazyVideoPlayer src={v.src} poster={v.poster} ratio={v.ratio} className="my-[1em]" />, v.host, `${i}:${v.src}`))}
    </>
  )
})
