/**
 * Rendered entry HTML after the browser's sanitizing pass. Links open in a new tab with the
 * hover card; clicking a picture opens the gallery at that picture.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { useEntryViewStore } from './entryViewStore.ts'
import { LinkHoverCard, type HoverTarget } from './LinkHoverCard.tsx'
import { sanitizeCached } from './sanitize.ts'

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

  const keep = useCallback(() => clearTimeout(hideTimer.current), [])
  const leave = useCallback(() => {
    clearTimeout(showTimer.current)
    hideTimer.current = setTimeout(() => setHover(null), HIDE_DELAY_MS)
  }, [])
  useEffect(() => () => (clearTimeout(showTimer.current), clearTimeout(hideTimer.current)), [])
  useEffect(() => {
    setHover(null)
  }, [safe])

  const onMouseOver = (e: React.MouseEvent) => {
    const a = (e.target as HTMLElement).closest('a[href]') as HTMLAnchorElement | null
    if (!a || !ref.current?.contains(a)) return
    keep()
    clearTimeout(showTimer.current)
    showTimer.current = setTimeout(() => setHover({ href: a.href, rect: a.getBoundingClientRect() }), SHOW_DELAY_MS)
  }
  const onMouseOut = (e: React.MouseEvent) => {
    const a = (e.target as HTMLElement).closest('a[href]')
    if (a && !a.contains(e.relatedTarget as Node)) leave()
  }
  const onClick = (e: React.MouseEvent) => {
    const img = (e.target as HTMLElement).closest('img') as HTMLImageElement | null
    if (!img || img.closest('a')) return
    const all = [...(ref.current?.querySelectorAll('img') ?? [])].map((i) => i.currentSrc || i.src)
    openGallery(all, all.indexOf(img.currentSrc || img.src))
  }

  return (
    <>
      <div ref={ref} className="reader-content" data-testid="entry-content" onMouseOver={onMouseOver} onMouseOut={onMouseOut} onClick={onClick} dangerouslySetInnerHTML={{ __html: safe }} />
      {hover && <LinkHoverCard target={hover} onEnter={keep} onLeave={leave} />}
    </>
  )
})
