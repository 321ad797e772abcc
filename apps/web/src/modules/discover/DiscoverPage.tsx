/** /discover: one box searches feeds, lists and RSSHub routes (or paste a site, or an rsshub:// route), import/export OPML, browse categories. */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { CompassIcon } from '../../components/icons.tsx'
import { useUiStore } from '../../store/ui.ts'
import { DISCOVER_CATEGORIES } from '@brook/shared'
import { DiscoverSearch } from './DiscoverSearch.tsx'
import { OpmlImport } from './OpmlImport.tsx'
import { TrendingSection } from './TrendingSection.tsx'
import { RouteBrowser } from '../rsshub/RouteBrowser.tsx'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { NewInboxForm } from '../inboxes/NewInboxForm.tsx'

export function DiscoverPage() {
  const { t } = useTranslation('discover')
  const { t: tc } = useTranslation()
  const view = useUiStore((s) => s.view)
  // The admin's rsshub flag off for me: no RSSHub routes here.
  const rsshub = useFeatureFlag('rsshub')
  const [params] = useSearchParams()
  // Words searched in the box above also search the RSSHub routes below.
  const [routeWords, setRouteWords] = useState(params.get('q') ?? '')
  // ?section=opml (the onboarding guide's "Import OPML"): the OPML import in view.
  const section = params.get('section')
  useEffect(() => {
    if (section) document.getElementById(`discover-${section}`)?.scrollIntoView({ block: 'start' })
  }, [section])
  return (
    <div className="scrollbar-thin flex h-full min-w-0 flex-1 flex-col overflow-y-auto" data-testid="discover-page">
      <header className="flex items-center gap-3 border-b border-zinc-200/70 px-8 pt-8 pb-6 dark:border-zinc-800/80">
        <span className="flex size-10 items-center justify-center rounded-xl bg-accent/10 text-accent">
          <CompassIcon size={20} />
        </span>
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight">{tc('pages.discoverTitle')}</h1>
          <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{tc(rsshub ? 'pages.discoverDescription' : 'pages.discoverDescriptionNoRsshub')}</p>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-10 px-8 py-8">
        <section>
          <h2 className="mb-3 text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">{t('searchTitle')}</h2>
          <DiscoverSearch key={params.get('q') ?? ''} initial={params.get('q') ?? ''} defaultView={view} onDone={() => undefined} onWords={setRouteWords} />
        </section>
        {rsshub && (
          <section data-testid="discover-rsshub">
            <h2 className="mb-3 text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">{t('rsshubRoutes')}</h2>
            <RouteBrowser key={routeWords} initialKeyword={routeWords} defaultView={view} />
          </section>
        )}
        <section>
          <h2 className="mb-1 text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">{t('inboxTitle')}</h2>
          <p className="mb-3 text-[12px] text-zinc-500">{t('inboxHint')}</p>
          <NewInboxForm />
        </section>
        <section>
          <h2 className="mb-3 text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">{t('trendingTitle')}</h2>
          <TrendingSection view={view} />
        </section>
        <section id="discover-opml">
          <h2 className="mb-1 text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">{t('opmlTitle')}</h2>
          <p className="mb-3 text-[12px] text-zinc-500">{t('opmlHint')}</p>
          <OpmlImport view={view} />
        </section>
        <section>
          <h2 className="mb-3 text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">{tc('pages.categoriesTitle')}</h2>
          <ul className="flex flex-wrap gap-2">
            {DISCOVER_CATEGORIES.map((category) => (
              <li key={category}>
                <Link to={`/discover/category/${category}`} className="inline-flex h-8 items-center rounded-full border border-zinc-200 px-3.5 text-[13px] text-zinc-700 transition-colors hover:border-accent/40 hover:bg-accent/5 hover:text-accent dark:border-zinc-800 dark:text-zinc-300">
                  {tc(`categories.${category}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  )
}
