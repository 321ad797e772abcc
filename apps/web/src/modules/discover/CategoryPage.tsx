/** /discover/category/:category: one category's sources (later). */
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ArrowLeftIcon, CompassIcon } from '../../components/icons.tsx'
import { PagePlaceholder } from '../../components/PagePlaceholder.tsx'
import { isDiscoverCategory } from './categories.ts'

export function CategoryPage() {
  const { t } = useTranslation()
  const { category = '' } = useParams()
  const name = isDiscoverCategory(category) ? t(`categories.${category}`) : category
  return (
    <PagePlaceholder icon={<CompassIcon size={20} />} title={t('pages.categoryTitle', { category: name })} description={t('pages.categoryDescription')} note={t('comingLater')}>
      <Link to="/discover" className="mt-6 inline-flex items-center gap-1.5 text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
        <ArrowLeftIcon size={16} />
        {t('pages.backToDiscover')}
      </Link>
    </PagePlaceholder>
  )
}
