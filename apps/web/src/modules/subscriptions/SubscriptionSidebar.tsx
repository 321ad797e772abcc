import type { CSSProperties } from 'react'
/**
 * The left column: brand and quick add, view tabs, the view's All/Starred rows and its
 * virtualized subscription list, secondary pages and the user menu.
 */
import { VIEW_INFO, type FeedViewType } from '@brook/shared'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useMatch } from 'react-router'
import { parseTimelineParams, ROUTE_FEED_COLLECTIONS, timelinePath } from '../../lib/routeParams.ts'
import { CompassIcon, InboxIcon, Logo, PlusIcon, ServerIcon, WandIcon, ZapIcon } from '../../components/icons.tsx'
import { IconButton } from '../../components/IconButton.tsx'
import { CheckCheckIcon, FolderIcon, StarIcon } from '../../components/moreIcons.tsx'
import { useCollections } from '../../store/index.ts'
import { useUiStore } from '../../store/ui.ts'
import { UserMenu } from '../auth/UserMenu.tsx'
import { openQuickAdd } from '../discover/quickAddStore.ts'
import { useHotkey } from '../shortcuts/bindings.ts'
import { openSidebarDialog } from './dialogStore.ts'
import { SidebarRow } from './SidebarRow.tsx'
import { markViewRead } from './subscriptionActions.ts'
import { useGeneralSettings } from '../settings/useSettingsValues.ts'
import { SubscriptionList } from './SubscriptionList.tsx'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { VIEW_TABS } from './viewIcons.tsx'
import { ViewTabs } from './ViewTabs.tsx'

export function SubscriptionSidebar({ onNavigate, className = '' }: { onNavigate?: () => void; className?: string }) {
  const { t } = useTranslation()
  // The admin's power flag off for me: no POWER page link.
  const power = useFeatureFlag('power')
  // …and its rsshub flag: no RSSHub page link.
  const rsshub = useFeatureFlag('rsshub')
  const match = useMatch('/timeline/:timelineId/:feedId/*')
  const params = match ? parseTimelineParams(match.params) : null
  const storedView = useUiStore((s) => s.view)
  const setView = useUiStore((s) => s.setView)
  const view: FeedViewType = params?.view ?? storedView
  useEffect(() => {
    if (params) setView(params.view)
  }, [params?.view, setView]) // eslint-disable-line react-hooks/exhaustive-deps

  const ViewIcon = VIEW_TABS[view].icon
  const color = VIEW_INFO[view].color
  const starred = useCollections(view).length
  const quickAddHotkey = useHotkey('global:quick-add')
  const markHotkey = useHotkey('subscription:mark-all-read')
  const { hidePrivateSubscriptionsInTimeline } = useGeneralSettings()

  return (
    <aside data-testid="sidebar" className={`sidebar flex w-full shrink-0 flex-col bg-zinc-50/80 dark:bg-zinc-900/50 ${className}`}>
      <div className="flex h-14 shrink-0 items-center justify-between px-4">
        <Link to="/" onClick={onNavigate} className="flex items-center gap-2 rounded-md outline-offset-4">
          <Logo size={24} />
          <span className="text-[15px] font-semibold tracking-tight">{t('appName')}</span>
        </Link>
        <IconButton label={t('nav.addFeed')} hotkey={quickAddHotkey} onClick={() => openQuickAdd()} data-testid="quick-add-button">
          <PlusIcon size={18} />
        </IconButton>
      </div>

      <ViewTabs active={view} onNavigate={onNavigate} />

      <div className="mt-4 flex h-8 shrink-0 items-center gap-2 pr-3 pl-5 text-[13px] font-semibold text-[color-mix(in_srgb,var(--view-color)_76%,black)] dark:text-(--view-color)" style={{ '--view-color': color } as CSSProperties}>
        <ViewIcon size={15} />
        <span className="min-w-0 flex-1 truncate" data-testid="sidebar-view-title">
          {t(VIEW_TABS[view].labelKey)}
        </span>
        <IconButton size="sm" label={t('sidebar.newCategory')} onClick={() => openSidebarDialog({ kind: 'new-category', view, subscriptionIds: [] })}>
          <FolderIcon size={15} />
        </IconButton>
        <IconButton size="sm" label={t('sidebar.markAllRead')} hotkey={markHotkey} onClick={() => markViewRead(view, hidePrivateSubscriptionsInTimeline)} data-testid="mark-view-read">
          <CheckCheckIcon size={15} />
        </IconButton>
      </div>

      <div className="shrink-0 px-3 pt-1">
        <SidebarRow to={timelinePath({ view })} active={!!params?.isAllFeeds} icon={<InboxIcon size={16} />} onClick={onNavigate}>
          {t('sidebar.allFeeds')}
        </SidebarRow>
        <SidebarRow to={timelinePath({ view, feedId: ROUTE_FEED_COLLECTIONS })} active={!!params?.isCollection} icon={<StarIcon size={16} />} count={starred} testId="starred-row" onClick={onNavigate}>
          {t('sidebar.starred')}
        </SidebarRow>
        <div className="mt-4 mb-1 px-2 text-[11px] font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-500">{t('sidebar.subscriptions')}</div>
      </div>

      <SubscriptionList view={view} params={params} onNavigate={onNavigate} />

      <nav className={`grid shrink-0 ${NAV_COLUMNS[2 + Number(power) + Number(rsshub)]} gap-1 border-t border-zinc-200/80 px-3 py-2 dark:border-zinc-800/80`}>
        <IconNavLink to="/discover" label={t('nav.discover')} onClick={onNavigate}>
          <CompassIcon size={18} />
        </IconNavLink>
        <IconNavLink to="/action" label={t('nav.actions')} onClick={onNavigate}>
          <WandIcon size={18} />
        </IconNavLink>
        {power && (
          <IconNavLink to="/power" label={t('nav.power')} onClick={onNavigate}>
            <ZapIcon size={18} />
          </IconNavLink>
        )}
        {rsshub && (
          <IconNavLink to="/rsshub" label={t('nav.rsshub')} onClick={onNavigate}>
            <ServerIcon size={18} />
          </IconNavLink>
        )}
      </nav>
      <div className="shrink-0 border-t border-zinc-200/80 p-2 dark:border-zinc-800/80">
        <UserMenu />
      </div>
    </aside>
  )
}

/** Tailwind needs whole class names: the nav's columns by how many links it shows. */
const NAV_COLUMNS: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' }

function IconNavLink({ to, label, children, onClick }: { to: string; label: string; children: ReactNode; onClick?: () => void }) {
  return (
    <NavLink
      to={to}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={({ isActive }) =>
        `flex h-9 items-center justify-center rounded-md transition-colors ${
          isActive
            ? 'bg-zinc-900/[0.07] text-zinc-900 dark:bg-white/10 dark:text-white'
            : 'text-zinc-500 hover:bg-zinc-900/5 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-white/5 dark:hover:text-zinc-100'
        }`
      }
    >
      {children}
    </NavLink>
  )
}
