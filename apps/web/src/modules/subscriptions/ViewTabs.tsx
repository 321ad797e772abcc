import type { CSSProperties } from 'react'
/**
 * The row of view tabs at the top of the sidebar, each in its SPEC §3 colour, with the view's
 * unread total. Audios and Notifications appear only when they hold a subscription.
 */
import { VIEW_INFO, type FeedViewType } from '@brook/shared'
import { formatCount } from '@brook/shared/format'
import { Tooltip } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { timelinePath } from '../../lib/routeParams.ts'
import { useViewUnreadCounts } from '../../store/index.ts'
import { useHotkey } from '../shortcuts/bindings.ts'
import { Kbd } from '../../components/Kbd.tsx'
import { useVisibleViews } from './useVisibleViews.ts'
import { VIEW_TABS } from './viewIcons.tsx'

export function ViewTabs({ active, onNavigate }: { active: FeedViewType; onNavigate?: () => void }) {
  const { t } = useTranslation()
  const views = useVisibleViews()
  const unread = useViewUnreadCounts()
  return (
    <nav aria-label={t('nav.views')} className="flex gap-1 px-3" data-testid="view-tabs">
      {views.map((view) => (
        <ViewTab key={view} view={view} active={view === active} unread={unread[view] ?? 0} onNavigate={onNavigate} />
      ))}
    </nav>
  )
}

function ViewTab({ view, active, unread, onNavigate }: { view: FeedViewType; active: boolean; unread: number; onNavigate?: () => void }) {
  const { t } = useTranslation()
  const { icon: Icon, labelKey } = VIEW_TABS[view]
  const color = VIEW_INFO[view].color
  const hotkey = useHotkey(`subscription:switch-tab-${view}`)
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <Link
          to={timelinePath({ view })}
          onClick={onNavigate}
          aria-label={unread > 0 ? `${t(labelKey)} ${formatCount(unread)}` : t(labelKey)}
          aria-current={active ? 'page' : undefined}
          data-view={view}
          className={`group flex h-12 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg transition-colors hover:bg-zinc-900/5 dark:hover:bg-white/5 ${active ? 'text-[color-mix(in_srgb,var(--view-color)_76%,black)] dark:text-(--view-color)' : ''}`}
          style={active ? ({ '--view-color': color, backgroundColor: `color-mix(in srgb, ${color} 12%, transparent)` } as CSSProperties) : undefined}
        >
          <Icon size={19} className={active ? '' : 'text-zinc-500 group-hover:text-zinc-700 dark:text-zinc-400 dark:group-hover:text-zinc-200'} />
          <span className={`h-3 text-[10px] leading-3 font-medium tabular-nums ${active ? '' : 'text-zinc-500 dark:text-zinc-500'}`}>{unread > 0 ? formatCount(unread) : ''}</span>
        </Link>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side="bottom" sideOffset={6} className="z-50 flex items-center gap-2 rounded-md bg-zinc-900 px-2 py-1 text-xs font-medium text-white shadow-md dark:bg-zinc-100 dark:text-zinc-900">
          {t(labelKey)}
          {hotkey && <Kbd hotkey={hotkey} subtle />}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}
