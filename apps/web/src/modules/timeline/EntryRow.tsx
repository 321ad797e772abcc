/**
 * The row wrapper every timeline item shares (Articles, Social, Audios, Pictures/Videos): the
 * `entry-item` element with its id, read state and current marker, opening on click, marking read
 * on hover when asked, and the active / idle / dimmed-when-read looks each item gives.
 */
import type { MouseEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { timelinePath } from '../../lib/routeParams.ts'
import { hoverMarkProps } from './useOpenEntry.ts'
import { useTimelineParams } from './useTimelineParams.ts'

export interface EntryRowProps {
  id: string
  /** What the row's link is called for screen readers (the entry's title or first words). */
  label: string
  read: boolean
  active: boolean
  /** Dim the row once read (not while it is the open one). */
  dimRead: boolean
  /** Mark read after hovering a moment (SPEC §4 "mark read on hover"). */
  hoverMark?: boolean
  onOpen: (id: string) => void
  /** Replaces opening on click (a row whose body holds links decides per click). */
  onClick?: (event: MouseEvent<HTMLElement>) => void
  className: string
  activeClassName: string
  idleClassName?: string
  dimClassName: string
  children: ReactNode
}

export function EntryRow({ id, label, read, active, dimRead, hoverMark = false, onOpen, onClick, className, activeClassName, idleClassName = '', dimClassName, children }: EntryRowProps) {
  const { t } = useTranslation('timeline')
  const params = useTimelineParams()
  return (
    // The pointer opens the row anywhere (its own links excepted); keyboards and screen readers use
    // the row's real link below, so the click handler here is not the only way in.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <article
      data-testid="entry-item"
      data-entry-id={id}
      data-read={read}
      aria-current={active ? 'true' : undefined}
      onClick={onClick ?? (() => onOpen(id))}
      {...hoverMarkProps(id, hoverMark, read)}
      className={`relative ${className} ${active ? activeClassName : idleClassName} ${dimRead && read && !active ? dimClassName : ''}`}
    >
      {/* A real link to the entry: Tab reaches it, Enter opens it, the ring shows on the whole row.
          It takes no pointer events, so clicks still reach the row and the links inside it. */}
      <a
        href={timelinePath({ view: params.view, feedId: params.feedId, entryId: id })}
        aria-label={t('openEntry', { title: label })}
        className="pointer-events-none absolute inset-0 z-10 rounded-[inherit] outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset"
        onClick={(event) => {
          event.preventDefault()
          event.stopPropagation()
          onOpen(id)
        }}
      />
      {children}
    </article>
  )
}

/** A row's name for screen readers: its title, else the first words of its text. */
export function entryLabel(entry: { title?: string | null; description?: string | null }): string {
  const text = entry.title?.trim() || entry.description?.trim() || ''
  return text.length > 120 ? `${text.slice(0, 117)}…` : text
}
