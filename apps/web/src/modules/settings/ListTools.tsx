/**
 * The owner's tools on a list's edit screen: its analytics (subscribers and entries per UTC day,
 * GET /lists/{id}/analytics) and importing feeds into it from feed URLs or an OPML file
 * (POST /lists/import, the daily OPML quota applies).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { writeListAnswer } from '../../sync/writers.ts'

const DAYS = 30

export function ListAnalytics({ listId }: { listId: string }) {
  const { t } = useTranslation('settings')
  const analytics = useQuery({ queryKey: ['lists', 'analytics', listId], queryFn: () => api.get('/lists/{id}/analytics', { id: listId, days: DAYS }) })
  const data = analytics.data
  if (!data) return null
  const series = data.series
  const maxEntries = Math.max(1, ...series.map((d) => d.entries))
  const newSubscribers = series.reduce((a, d) => a + d.newSubscribers, 0)
  const entries = series.reduce((a, d) => a + d.entries, 0)
  return (
    <section className="flex flex-col gap-2" data-testid="list-analytics">
      <h3 className="text-[12px] font-semibold text-zinc-700 dark:text-zinc-300">{t('lists.analytics', { days: DAYS })}</h3>
      <dl className="grid grid-cols-3 gap-2 text-[12px]">
        <div className="rounded-lg bg-zinc-50 px-2.5 py-2 dark:bg-zinc-900">
          <dt className="text-zinc-500">{t('lists.subscribers')}</dt>
          <dd className="text-[15px] font-semibold tabular-nums">{data.subscriptionCount}</dd>
        </div>
        <div className="rounded-lg bg-zinc-50 px-2.5 py-2 dark:bg-zinc-900">
          <dt className="text-zinc-500">{t('lists.newSubscribers')}</dt>
          <dd className="text-[15px] font-semibold tabular-nums">{newSubscribers}</dd>
        </div>
        <div className="rounded-lg bg-zinc-50 px-2.5 py-2 dark:bg-zinc-900">
          <dt className="text-zinc-500">{t('lists.entries')}</dt>
          <dd className="text-[15px] font-semibold tabular-nums" data-testid="list-analytics-entries">{entries}</dd>
        </div>
      </dl>
      <div className="flex h-12 items-end gap-px" role="img" aria-label={t('lists.entriesPerDay')}>
        {series.map((d) => (
          <div key={d.date} title={`${d.date}: ${d.entries} · ${d.subscribers}`} className="flex-1 rounded-t-sm bg-accent/60" style={{ height: `${Math.max(2, (100 * d.entries) / maxEntries)}%` }} />
        ))}
      </div>
      <p className="text-[11px] text-zinc-500">{t('lists.entriesPerDay')}</p>
    </section>
  )
}

export function ListImport({ listId }: { listId: string }) {
  const { t } = useTranslation('settings')
  const [urls, setUrls] = useState('')
  const [opml, setOpml] = useState<{ name: string; text: string } | null>(null)
  const queryClient = useQueryClient()
  const run = useMutation({
    mutationFn: () => (opml ? api.post('/lists/import', { listId, opml: opml.text }) : api.post('/lists/import', { listId, urls: urls.split(/\s+/).filter(Boolean) })),
    onSuccess: async () => {
      setUrls('')
      setOpml(null)
      await writeListAnswer(await api.get('/lists', { listId }))
      await queryClient.invalidateQueries({ queryKey: ['lists', 'analytics', listId] })
    },
    onError: toastError,
  })
  const result = run.data
  const count = (status: string) => result?.results.filter((r) => r.status === status).length ?? 0
  return (
    <section className="flex flex-col gap-2" data-testid="list-import">
      <h3 className="text-[12px] font-semibold text-zinc-700 dark:text-zinc-300">{t('lists.import')}</h3>
      <textarea
        name="urls"
        value={urls}
        onChange={(e) => setUrls(e.target.value)}
        disabled={!!opml}
        rows={3}
        placeholder={t('lists.importPlaceholder')}
        aria-label={t('lists.importPlaceholder')}
        className="rounded-lg border border-zinc-200 bg-transparent px-2.5 py-2 font-mono text-[12px] dark:border-zinc-700"
      />
      <div className="flex flex-wrap items-center gap-2 text-[12px]">
        <label className="cursor-pointer rounded-md border border-zinc-200 px-2.5 py-1 font-medium dark:border-zinc-700">
          {opml ? opml.name : t('lists.importOpml')}
          <input
            type="file"
            accept=".opml,.xml,text/xml,application/xml"
            className="sr-only"
            data-testid="list-import-file"
            onChange={async (e) => {
              const file = e.target.files?.[0]
              if (file) setOpml({ name: file.name, text: await file.text() })
            }}
          />
        </label>
        <span className="flex-1" />
        <Button size="sm" disabled={run.isPending || (!opml && !urls.trim())} onClick={() => run.mutate()} data-testid="list-import-submit">
          {run.isPending ? t('lists.importing') : t('lists.importButton')}
        </Button>
      </div>
      {result && (
        <p className="text-[12px] text-zinc-600 dark:text-zinc-400" data-testid="list-import-result">
          {t('lists.importResult', { added: count('subscribed'), already: count('updated'), failed: count('failed'), remaining: result.quota.remaining, limit: result.quota.limit })}
        </p>
      )}
    </section>
  )
}
