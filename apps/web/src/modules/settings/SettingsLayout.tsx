/** /settings: the section navigation beside the chosen section. */
import { useTranslation } from 'react-i18next'
import { NavLink, Outlet } from 'react-router'
import { useVisibleSections } from './useVisibleSections.ts'

export function SettingsLayout() {
  const { t } = useTranslation('settings')
  const sections = useVisibleSections()
  return (
    <div className="flex min-w-0 flex-1">
      <nav aria-label={t('title')} className="flex w-56 shrink-0 flex-col gap-0.5 overflow-y-auto border-r border-zinc-200/80 px-3 py-5 dark:border-zinc-800/80">
        <NavLink to="/settings" end className="mb-3 px-2.5 text-[15px] font-semibold tracking-tight">
          {t('title')}
        </NavLink>
        {sections.map((section) => (
          <NavLink
            key={section}
            to={`/settings/${section}`}
            className={({ isActive }) =>
              `flex h-8 items-center rounded-md px-2.5 text-[13px] transition-colors ${
                isActive
                  ? 'bg-zinc-900/[0.07] font-medium text-zinc-900 dark:bg-white/10 dark:text-white'
                  : 'text-zinc-600 hover:bg-zinc-900/5 dark:text-zinc-300 dark:hover:bg-white/5'
              }`
            }
          >
            {t(`sections.${section}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  )
}
