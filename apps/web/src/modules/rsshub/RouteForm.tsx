/** The RSS-hub route form: parameters filled from the route's metadata, then a preview of the resulting feed before following it. */
import type { FeedViewType } from '@brook/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FollowPanel } from '../discover/FollowPanel.tsx'
import { routeUrl, type RsshubRoute } from './rsshubApi.ts'

export function RouteForm({ route, defaultView, onDone }: { route: RsshubRoute; defaultView: FeedViewType; onDone: () => void }) {
  const { t } = useTranslation('discover')
  const [values, setValues] = useState<Record<string, string>>({})
  const [previewing, setPreviewing] = useState<string | null>(null)
  const url = routeUrl(route.route, values)

  if (previewing) return <FollowPanel result={{ feed: { type: 'feed', id: null, url: previewing, title: route.name }, subscriptionCount: 0, isSubscribed: false }} defaultView={defaultView} onDone={onDone} />
  return (
    <form
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="rsshub-route-form"
      onSubmit={(e) => {
        e.preventDefault()
        if (url) setPreviewing(url)
      }}
    >
      <div>
        <div className="text-[14px] font-semibold">{route.name}</div>
        <div className="font-mono text-[12px] text-zinc-500">{route.route}</div>
        {route.description && <p className="mt-1 line-clamp-3 text-[12px] text-zinc-600 dark:text-zinc-400">{route.description}</p>}
        {route.example && <p className="mt-1 text-[12px] text-zinc-500">{t('rsshubExample', { example: `rsshub:/${route.example}` })}</p>}
      </div>
      {route.parameters.map((p) => (
        <label key={p.name} className="flex flex-col gap-1 text-[12px]">
          <span className="font-medium text-zinc-700 dark:text-zinc-300">
            {p.name}
            {p.optional ? ` (${t('rsshubOptional')})` : ''}
          </span>
          <input
            name={p.name}
            value={values[p.name] ?? ''}
            required={!p.optional}
            onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
            className="h-8 rounded-md border border-zinc-200 bg-transparent px-2 text-[13px] dark:border-zinc-700"
          />
          {p.description && <span className="text-[11px] text-zinc-500">{p.description}</span>}
        </label>
      ))}
      <div className="flex items-center gap-3">
        <button type="submit" disabled={!url} data-testid="rsshub-route-preview" className="h-8 rounded-md bg-accent px-3 text-[13px] font-medium text-white disabled:opacity-50">
          {t('rsshubPreview')}
        </button>
        {url && <span className="truncate font-mono text-[12px] text-zinc-500" data-testid="rsshub-route-url">{url}</span>}
      </div>
    </form>
  )
}
