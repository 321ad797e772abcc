/** The row of view tabs at the top of the sidebar, each in its SPEC §3 colour. */
import { VIEW_INFO, type FeedViewType } from '@brook/shared'
import { Tooltip } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { timelinePath } from '../../app/routeParams.ts'
import { VIEW_TABS } from './viewIcons.tsx'
import { visibleViews } from './visibleViews.ts'

export function ViewTabs({ active }: { active: FeedViewType }) {
  const { t } = useTranslation()
  return (
    <Tooltip.Provider delayDuration={300}>
      <nav aria-label={t('nav.views')} className="grid grid-cols-4 gap-1 px-3">
        {visibleViews().map((view) => {
          const { icon: Icon, labelKey } = VIEW_TABS[view]
          const isActive = view === active
          const color = VIEW_INFO[view].color
          return (
            <Tooltip.Root key={view}>
              <Tooltip.Trigger asChild>
                <Link
                  to={timelinePath({ view })}
                  aria-label={t(labelKey)}
                  aria-current={isActive ? 'page' : undefined}
                  data-view={view}
                  className="group flex h-10 items-center justify-center rounded-lg transition-colors hover:bg-zinc-900/5 dark:hover:bg-white/5"
                  style={isActive ? { color, backgroundColor: `color-mix(in srgb, ${color} 12%, transparent)` } : undefined}
                >
                  <Icon size={20} className={isActive ? '' : 'text-zinc-500 group-hover:text-zinc-700 dark:text-zinc-400 dark:group-hover:text-zinc-200'} />
                </Link>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content
                  side="bottom"
                  sideOffset={6}
                  className="z-50 rounded-md bg-zinc-900 px-2 py-1 text-xs font-medium text-white shadow-md dark:bg-zinc-100 dark:text-zinc-900"
                >
                  {t(labelKey)}
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          )
        })}
      </nav>
    </Tooltip.Provider>
  )
}
