/**
 * The row wrapper every timeline item shares (Articles, Social, Audios, Pictures/Videos): the
 * `entry-item` element with its id, read state and current marker, opening on click, marking read
 * on hover when asked, and the active / idle / dimmed-when-read looks each item gives.
 */
import type { MouseEvent, ReactNode } from 'react'
import { hoverMarkProps } from './useOpenEntry.ts'

export interface EntryRowProps {
  id: string
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

export function EntryRow({ id, read, active, dimRead, hoverMark = false, onOpen, onClick, className, activeClassName, idleClassName = '', dimClassName, children }: EntryRowProps) {
  return (
    <article
      data-testid="entry-item"
      data-entry-id={id}
      data-read={read}
      aria-current={active ? 'true' : undefined}
      onClick={onClick ?? (() => onOpen(id))}
      {...hoverMarkProps(id, hoverMark, read)}
      className={`${className} ${active ? activeClassName : idleClassName} ${dimRead && read && !active ? dimClassName : ''}`}
    >
      {children}
    </article>
  )
}
