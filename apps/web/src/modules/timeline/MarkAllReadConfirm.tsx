/**
 * The mark-all-read confirmation (loaded when first asked for): what will be marked, a countdown
 * that marks at zero, Cancel (Esc, ⌘/Ctrl+Z) and "Mark as read" (Enter) to mark at once.
 */
import { formatCount } from '@brook/shared/format'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { Kbd } from '../../components/Kbd.tsx'
import { CheckCheckIcon } from '../../components/moreIcons.tsx'
import { useUnreadCounts } from '../../store/index.ts'
import { focusRegionProps } from '../shortcuts/focusRegions.ts'
import { cancelMarkAll, confirmMarkAll, unreadCountOf, useMarkAllConfirmStore, type MarkAllRequest } from './markAllConfirm.ts'

export function MarkAllReadConfirm() {
  const pending = useMarkAllConfirmStore((s) => s.pending)
  return pending ? <ConfirmCard key={pending.id} request={pending} /> : null
}

function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
}

function ConfirmCard({ request }: { request: MarkAllRequest }) {
  const { t } = useTranslation('timeline')
  const counts = useUnreadCounts()
  const unread = unreadCountOf(request.filter, counts)
  const [left, setLeft] = useState(request.seconds)
  const [moving, setMoving] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)

  // One tick a second; at zero it marks.
  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => n - 1), 1000)
    return () => clearInterval(timer)
  }, [])
  useEffect(() => {
    if (left <= 0) confirmMarkAll(request.id)
  }, [left, request.id])

  // The bar starts shrinking on the frame after it is drawn full.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMoving(true))
    return () => cancelAnimationFrame(frame)
  }, [])

  // Focus comes here (Enter and Space act on "Mark as read") and goes back where it was.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null
    confirmRef.current?.focus({ preventScroll: true })
    return () => {
      if (before?.isConnected && (document.activeElement === document.body || !document.activeElement)) before.focus({ preventScroll: true })
    }
  }, [])

  // Enter / Escape / ⌘Z wherever focus is (but in a text field), before the hotkey dispatcher.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isEditable(e.target)) return
      const undo = (e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 'z'
      if (e.key === 'Enter') confirmMarkAll(request.id)
      else if (e.key === 'Escape' || undo) cancelMarkAll()
      else return
      e.preventDefault()
      e.stopPropagation()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [request.id])

  const seconds = Math.max(0, left)
  const width = moving ? Math.max(0, (left - 1) / request.seconds) * 100 : 100
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4">
      <div
        role="alertdialog"
        aria-labelledby="mark-all-title"
        aria-describedby="mark-all-detail"
        data-testid="mark-all-confirm"
        className="pointer-events-auto w-full max-w-md overflow-hidden rounded-xl border border-zinc-200 bg-white/95 shadow-lg shadow-zinc-900/10 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95 dark:shadow-black/40"
        {...focusRegionProps('modal')}
      >
        <div className="flex gap-3 p-4">
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-accent/10 text-accent">
            <CheckCheckIcon size={16} />
          </span>
          <div className="min-w-0 flex-1">
            <p id="mark-all-title" className="text-[14px] font-medium text-zinc-900 dark:text-zinc-100">
              {t('markAll.title', { scope: request.scope })}
            </p>
            <p id="mark-all-detail" className="mt-0.5 text-[12px] text-zinc-500 dark:text-zinc-400">
              <span data-testid="mark-all-unread">{t('markAll.unread', { count: unread, formatted: formatCount(unread) })}</span>
              {' · '}
              <span data-testid="mark-all-countdown" aria-live="polite">
                {t('markAll.countdown', { seconds })}
              </span>
            </p>
            <div className="mt-3 flex justify-end gap-2">
              <Button size="sm" variant="ghost" onClick={cancelMarkAll} data-testid="mark-all-cancel">
                {t('markAll.cancel')}
                <Kbd hotkey="Escape" subtle />
              </Button>
              <Button ref={confirmRef} size="sm" onClick={() => confirmMarkAll(request.id)} data-testid="mark-all-now">
                {t('markAll.confirm')}
                <span className="[&_kbd]:text-white/80">
                  <Kbd hotkey="Enter" subtle />
                </span>
              </Button>
            </div>
          </div>
        </div>
        <div className="h-0.5 bg-zinc-100 dark:bg-zinc-800">
          <div className="h-full bg-accent" style={{ width: `${width}%`, transition: moving ? 'width 1s linear' : undefined }} />
        </div>
      </div>
    </div>
  )
}
