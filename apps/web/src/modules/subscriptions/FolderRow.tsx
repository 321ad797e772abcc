/** A category in the sidebar: chevron to open/close (kept locally), name to show the folder's timeline, unread total. */
import type { FeedViewType } from '@brook/shared'
import { formatCount } from '@brook/shared/format'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ROUTE_FEED_FOLDER_PREFIX, timelinePath } from '../../lib/routeParams.ts'
import { ChevronRightIcon } from '../../components/icons.tsx'
import { useLayoutStore } from '../layout/useLayoutStore.ts'

export const FolderRow = memo(function FolderRow({ view, name, unread, open, active, showCount, onNavigate }: { view: FeedViewType; name: string; unread: number; open: boolean; active: boolean; showCount: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('subscriptions')
  const setFolderOpen = useLayoutStore((s) => s.setFolderOpen)
  return (
    <div
      data-testid="folder-row"
      data-folder={name}
      className={`group flex h-8 items-center rounded-md text-[13px] transition-colors ${
        active ? 'bg-zinc-900/[0.07] text-zinc-900 dark:bg-white/10 dark:text-white' : 'text-zinc-700 hover:bg-zinc-900/5 dark:text-zinc-200 dark:hover:bg-white/5'
      }`}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-label={open ? t('collapse', { name }) : t('expand', { name })}
        onClick={() => setFolderOpen(view, name, !open)}
        className="flex h-8 w-7 shrink-0 items-center justify-center rounded-md text-zinc-500 hover:text-zinc-700 dark:hover:text-zinc-200"
      >
        <ChevronRightIcon size={14} className={`transition-transform duration-150 ${open ? 'rotate-90' : ''}`} />
      </button>
      <Link to={timelinePath({ view, feedId: `${ROUTE_FEED_FOLDER_PREFIX}${name}` })} onClick={onNavigate} aria-current={active ? 'page' : undefined} className="flex h-8 min-w-0 flex-1 items-center gap-2 pr-2 font-medium">
        <span className="min-w-0 flex-1 truncate">{name}</span>
        {showCount && unread > 0 && <span className="shrink-0 text-[11px] font-normal text-zinc-500 tabular-nums dark:text-zinc-500">{formatCount(unread)}</span>}
      </Link>
    </div>
  )
})
