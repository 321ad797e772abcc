/** The left column: brand, view tabs, the subscription list (empty for now), secondary pages and the user menu. */
import { VIEW_INFO } from '@brook/shared'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useMatch } from 'react-router'
import { parseTimelineParams, ROUTE_FEED_COLLECTIONS, timelinePath } from '../../app/routeParams.ts'
import { CompassIcon, InboxIcon, Logo, PlusIcon, ServerIcon, WandIcon, ZapIcon } from '../../components/icons.tsx'
import { useUiStore } from '../../store/ui.ts'
import { UserMenu } from '../auth/UserMenu.tsx'
import { SidebarRow } from './SidebarRow.tsx'
import { VIEW_TABS } from './viewIcons.tsx'
import { ViewTabs } from './ViewTabs.tsx'

export function SubscriptionSidebar() {
  const { t } = useTranslation()
  const match = useMatch('/timeline/:timelineId/:feedId/*')
  const params = match ? parseTimelineParams(match.params) : null
  const storedView = useUiStore((s) => s.view)
  const setView = useUiStore((s) => s.setView)
  const view = params?.view ?? storedView
  useEffect(() => {
    if (params) setView(params.view)
  }, [params?.view, setView]) // eslint-disable-line react-hooks/exhaustive-deps

  const ViewIcon = VIEW_TABS[view].icon
  const color = VIEW_INFO[view].color

  return (
    <aside
      data-testid="sidebar"
      className="flex w-64 shrink-0 flex-col border-r border-zinc-200/80 bg-zinc-50/80 dark:border-zinc-800/80 dark:bg-zinc-900/40"
    >
      <div className="flex h-14 items-center justify-between px-4">
        <Link to="/" className="flex items-center gap-2 rounded-md outline-offset-4">
          <Logo size={24} />
          <span className="text-[15px] font-semibold tracking-tight">{t('appName')}</span>
        </Link>
        <div className="flex items-center gap-0.5">
          <IconLink to="/discover" label={t('nav.addFeed')}>
            <PlusIcon size={18} />
          </IconLink>
        </div>
      </div>

      <ViewTabs active={view} />

      <div className="mt-5 flex items-center gap-2 px-5 text-[13px] font-semibold" style={{ color }}>
        <ViewIcon size={15} />
        <span>{t(VIEW_TABS[view].labelKey)}</span>
      </div>

      <div className="mt-2 flex min-h-0 flex-1 flex-col overflow-y-auto px-3" aria-label={t('sidebar.subscriptions')}>
        <SidebarRow to={timelinePath({ view })} active={!!params && params.isAllFeeds} icon={<InboxIcon size={16} />}>
          {t('sidebar.allFeeds')}
        </SidebarRow>
        <SidebarRow to={timelinePath({ view, feedId: ROUTE_FEED_COLLECTIONS })} active={!!params?.isCollection} icon={<StarIcon />}>
          {t('sidebar.starred')}
        </SidebarRow>

        <div className="mt-5 px-2 text-[11px] font-semibold tracking-wider text-zinc-400 uppercase dark:text-zinc-500">
          {t('sidebar.subscriptions')}
        </div>
        <div data-testid="subscription-list" className="mx-1 mt-2 rounded-xl border border-dashed border-zinc-300/80 px-4 py-5 text-center dark:border-zinc-700/80">
          <p className="text-[13px] font-medium text-zinc-600 dark:text-zinc-300">{t('sidebar.emptyTitle')}</p>
          <p className="mt-1 text-xs leading-relaxed text-zinc-500">{t('sidebar.emptyHint')}</p>
          <Link
            to="/discover"
            className="mt-3 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-accent hover:bg-accent/10"
          >
            <CompassIcon size={14} />
            {t('sidebar.findFeeds')}
          </Link>
        </div>
      </div>

      <nav className="grid grid-cols-4 gap-1 border-t border-zinc-200/80 px-3 py-2 dark:border-zinc-800/80">
        <IconNavLink to="/discover" label={t('nav.discover')}>
          <CompassIcon size={18} />
        </IconNavLink>
        <IconNavLink to="/action" label={t('nav.actions')}>
          <WandIcon size={18} />
        </IconNavLink>
        <IconNavLink to="/power" label={t('nav.power')}>
          <ZapIcon size={18} />
        </IconNavLink>
        <IconNavLink to="/rsshub" label={t('nav.rsshub')}>
          <ServerIcon size={18} />
        </IconNavLink>
      </nav>
      <div className="border-t border-zinc-200/80 p-2 dark:border-zinc-800/80">
        <UserMenu />
      </div>
    </aside>
  )
}

function StarIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinejoin="round" aria-hidden>
      <path d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  )
}

function IconLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="flex size-8 items-center justify-center rounded-md text-zinc-500 transition-colors hover:bg-zinc-900/5 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-white/5 dark:hover:text-zinc-100"
    >
      {children}
    </Link>
  )
}

function IconNavLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      aria-label={label}
      title={label}
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
