/**
 * The hover card of SPEC §2 for links in rendered content: the address and a copy button whose
 * check mark stays 2 seconds. Positioned under the link, kept open while the pointer is on it.
 */
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { CheckIcon, CopyIcon } from '../../components/icons.tsx'
import { ExternalLinkIcon } from '../../components/moreIcons.tsx'

export const COPIED_STATE_MS = 2000

export interface HoverTarget {
  href: string
  rect: DOMRect
}

export function LinkHoverCard({ target, onEnter, onLeave }: { target: HoverTarget; onEnter: () => void; onLeave: () => void }) {
  const { t } = useTranslation('entry')
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  useEffect(() => {
    setCopied(false)
  }, [target.href])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(target.href)
      setCopied(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), COPIED_STATE_MS)
    } catch {
      /* the clipboard refused; the address stays visible to select by hand */
    }
  }

  const width = 340
  const left = Math.min(Math.max(8, target.rect.left), window.innerWidth - width - 8)
  const below = target.rect.bottom + 6
  const top = below + 48 > window.innerHeight ? target.rect.top - 48 - 6 : below
  return createPortal(
    <div
      role="tooltip"
      data-testid="link-hover-card"
      onMouseEnter={onEnter}
      onMouseLeave={onLeave}
      style={{ left, top, width }}
      className="fixed z-[70] flex h-10 items-center gap-1 rounded-lg border border-zinc-200 bg-white/95 pr-1 pl-3 text-[12px] shadow-lg shadow-zinc-900/10 backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95"
    >
      <ExternalLinkIcon size={12} className="shrink-0 text-zinc-500" />
      <span className="min-w-0 flex-1 truncate text-zinc-600 dark:text-zinc-300" title={target.href}>
        {target.href}
      </span>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={copied ? t('copied') : t('copyLink')}
        data-testid="link-copy"
        data-copied={copied}
        className="flex size-8 shrink-0 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-900/5 hover:text-zinc-800 dark:hover:bg-white/10 dark:hover:text-zinc-100"
      >
        {copied ? <CheckIcon size={14} className="text-green-600" /> : <CopyIcon size={14} />}
      </button>
    </div>,
    document.body,
  )
}
