/** /discover/category/:category: the known feeds and the RSSHub routes of one SPEC §3 category, in the Discover language, each opening the follow or route form. */
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ArrowLeftIcon, CompassIcon } from '../../components/icons.tsx'
import { useUiStore } from '../../store/ui.ts'
import { RouteBrowser } from '../rsshub/RouteBrowser.tsx'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { isDiscoverCategory } from '@brook/shared'
import { CategoryFeeds } from './CategoryFeeds.tsx'

export function CategoryPage() {
  const { t } = useTranslation()
  const { t: td } = useTranslation('discover')
  const { category = '' } = useParams()
  const view = useUiStore((s) => s.view)
  // The admin's rsshub flag off for me: no RSSHub routes here.
  const rsshub = useFeatureFlag('rsshub')
  const name = isDiscoverCategory(category) ? t(`categories.${category}`) : category
  return (
    <div className="scrollbar-thin flex h-full min-w-0 flex-1 flex-col overflow-y-auto" data-testid="category-page">
      <header className="flex items-center gap-3 border-b border-zinc-200/70 px-8 pt-8 pb-6 dark:border-zinc-800/80">
        <span className="flex size-10 items-center justify-center rounded-xl bg-accent/10 text-accent">
          <CompassIcon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold tracking-tight">{t('pages.categoryTitle', { category: name })}</h1>
          <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{t('pages.categoryDescription')}</p>
        </div>
        <Link to="/discover" className="inline-flex items-center gap-1.5 text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
          <ArrowLeftIcon size={16} />
          {t('pages.backToDiscover')}
        </Link>
      </header>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-8 py-8">
        {isDiscoverCategory(category) ? (
          <>
            <CategoryFeeds key={`feeds-${category}`} category={category} defaultView={view} />
            {rsshub && (
              <section>
                <h2 className="mb-2 text-[13px] font-semibold">{td('rsshubRoutes')}</h2>
                <RouteBrowser key={category} category={category} defaultView={view} />
              </section>
            )}
          </>
        ) : (
          <p className="text-[13px] text-zinc-500">{t('pages.categoryDescription')}</p>
        )}
      </div>
    </div>
  )
}
