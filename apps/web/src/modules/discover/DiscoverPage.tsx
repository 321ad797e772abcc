/** /discover: search and import come later; the category index is here. */
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CompassIcon } from '../../components/icons.tsx'
import { PagePlaceholder } from '../../components/PagePlaceholder.tsx'
import { DISCOVER_CATEGORIES } from './categories.ts'

export function DiscoverPage() {
  const { t } = useTranslation()
  return (
    <PagePlaceholder icon={<CompassIcon size={20} />} title={t('pages.discoverTitle')} description={t('pages.discoverDescription')} note={t('comingLater')}>
      <h2 className="mt-8 text-sm font-semibold text-zinc-700 dark:text-zinc-300">{t('pages.categoriesTitle')}</h2>
      <ul className="mt-3 flex max-w-3xl flex-wrap gap-2">
        {DISCOVER_CATEGORIES.map((category) => (
          <li key={category}>
            <Link
              to={`/discover/category/${category}`}
              className="inline-flex h-8 items-center rounded-full border border-zinc-200 px-3.5 text-[13px] text-zinc-700 transition-colors hover:border-accent/40 hover:bg-accent/5 hover:text-accent dark:border-zinc-800 dark:text-zinc-300"
            >
              {t(`categories.${category}`)}
            </Link>
          </li>
        ))}
      </ul>
    </PagePlaceholder>
  )
}
