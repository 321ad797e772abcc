/** /settings index: every section with a one-line description. */
import { APP_VERSION } from '@brook/shared'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ChevronRightIcon } from '../../components/icons.tsx'
import { useVisibleSections } from './useVisibleSections.ts'

export function SettingsIndex() {
  const { t } = useTranslation('settings')
  const sections = useVisibleSections()
  return (
    <div className="min-w-0 flex-1 overflow-y-auto px-8 py-8">
      <h1 className="text-xl font-semibold tracking-tight">{t('indexTitle')}</h1>
      <p className="mt-1 text-sm text-zinc-500">{t('indexHint')}</p>
      <ul className="mt-6 grid max-w-3xl gap-2 sm:grid-cols-2">
        {sections.map((section) => (
          <li key={section}>
            <Link
              to={`/settings/${section}`}
              className="group flex items-center gap-3 rounded-xl border border-zinc-200/80 px-4 py-3 transition-colors hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:border-zinc-700 dark:hover:bg-zinc-900"
            >
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium">{t(`sections.${section}`)}</span>
                <span className="block truncate text-xs text-zinc-500">{t(`descriptions.${section}`, { version: APP_VERSION })}</span>
              </span>
              <ChevronRightIcon size={16} className="text-zinc-300 group-hover:text-zinc-500 dark:text-zinc-600" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
