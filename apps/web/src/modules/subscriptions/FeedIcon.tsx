/**
 * A source's icon: the feed's image, else the site's favicon, else its initial on a colour
 * derived from the title. Failed images fall through to the next choice and are remembered.
 */
import { memo, useState } from 'react'

const PALETTE = ['#FF5C00', '#0ea5e9', '#22c55e', '#ef4444', '#a855f7', '#eab308', '#14b8a6', '#6366f1', '#ec4899', '#64748b']
const failed = new Set<string>()

function colourOf(seed: string): string {
  let hash = 0
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) | 0
  return PALETTE[Math.abs(hash) % PALETTE.length]
}

function faviconOf(siteUrl: string | null | undefined): string | null {
  if (!siteUrl) return null
  try {
    const url = new URL(siteUrl)
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}/favicon.ico` : null
  } catch {
    return null
  }
}

export const FeedIcon = memo(function FeedIcon({ title, image, siteUrl, size = 16, className = '' }: { title: string; image?: string | null; siteUrl?: string | null; size?: number; className?: string }) {
  const candidates = [image, faviconOf(siteUrl)].filter((src): src is string => !!src && !failed.has(src))
  const [index, setIndex] = useState(0)
  const src = candidates[index]
  const box = { width: size, height: size }
  if (src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        style={box}
        className={`shrink-0 rounded-[4px] object-cover ${className}`}
        onError={() => {
          failed.add(src)
          setIndex((i) => i + 1)
        }}
      />
    )
  }
  const initial = (title.trim().match(/[\p{L}\p{N}]/u)?.[0] ?? '#').toUpperCase()
  return (
    <span
      aria-hidden
      style={{ ...box, backgroundColor: colourOf(title), fontSize: Math.round(size * 0.6) }}
      className={`flex shrink-0 items-center justify-center rounded-[4px] leading-none font-semibold text-white ${className}`}
    >
      {initial}
    </span>
  )
})
