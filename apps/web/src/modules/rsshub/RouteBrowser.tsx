/** RSSHub routes of the instance I use — of one category, or found by a word — each opening the route form. */
import type { FeedViewType } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/ApiError.ts'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { RouteForm } from './RouteForm.tsx'
import { routeCatalogue, type RsshubRoute } from './rsshubApi.ts'

export function RouteBrowser({ category, defaultView, initialKeyword = '' }: { category?: string; defaultView: FeedViewType; initialKeyword?: string }) {
  const { t } = useTranslation('discover')
  const { discoverLanguage } = useUiSettings()
  const [keyword, setKeyword] = useState(initialKeyword)
  const [chosen, setChosen] = useState<RsshubRoute | null>(null)
  const catalogue = useQuery({
    queryKey: ['rsshub', 'catalogue', category ?? '', discoverLanguage, keyword],
    queryFn: () => routeCatalogue({ category, lang: discoverLanguage, keyword }),
    enabled: !!category || keyword.trim().length >= 2,
    staleTime: 60 * 60_000,
    retry: false,
    meta: { silent: true },
  })

  if (chosen) {
    return (
      <div>
        <button type="button" onClick={() => setChosen(null)} className="mb-3 text-[12px] font-medium text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">
          ← {t('rsshubBackToRoutes')}
        </button>
        <RouteForm route={chosen} defaultView={defaultView} onDone={() => setChosen(null)} />
      </div>
    )
  }
  const namespaces = catalogue.data ?? []
  return (
    <div className="flex flex-col gap-3" data-testid="rsshub-routes">
      {!category && (
        <input
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={t('rsshubSearchRoutes')}
          data-testid="rsshub-route-search"
          className="h-9 rounded-lg border border-zinc-200 bg-transparent px-3 text-[13px] dark:border-zinc-700"
        />
      )}
      {catalogue.isError && <p className="text-[13px] text-zinc-500">{isApiError(catalogue.error) && catalogue.error.code === 13003 ? t('rsshubNoInstance') : catalogue.error.message}</p>}
      {catalogue.isSuccess && namespaces.length === 0 && <p className="text-[13px] text-zinc-500">{t('rsshubNoRoutes')}</p>}
      {namespaces.map((ns) => (
        <div key={ns.namespace}>
          <h3 className="mb-1.5 text-[12px] font-medium text-zinc-500">
            {ns.name} <span className="font-mono text-zinc-400">/{ns.namespace}</span>
          </h3>
          <ul className="grid gap-1.5 sm:grid-cols-2">
            {ns.routes.map((r) => (
              <li key={r.route}>
                <button type="button" onClick={() => setChosen(r)} data-testid="rsshub-route" className="flex w-full flex-col rounded-lg border border-zinc-200/80 px-3 py-2 text-left transition-colors hover:border-accent/40 hover:bg-accent/5 dark:border-zinc-800">
                  <span className="truncate text-[13px] font-medium">{r.name}</span>
                  <span className="truncate font-mono text-[11px] text-zinc-500">{r.route}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}
