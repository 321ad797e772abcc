/** OPML import with feed selection and the quota display of SPEC §2/§5, plus OPML export. */
import type { FeedViewType } from '@brook/shared'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/Button.tsx'
import { DownloadIcon, UploadIcon } from '../../components/moreIcons.tsx'
import { refreshSubscriptions, refreshUnread } from '../../store/index.ts'
import { exportOpml, importOpml, parseOpml, type ImportResult, type OpmlItem, type Quota } from './discoverApi.ts'

export function OpmlImport({ view }: { view: FeedViewType }) {
  const { t } = useTranslation('discover')
  const [parsed, setParsed] = useState<{ items: OpmlItem[]; quota: Quota } | null>(null)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const parse = useMutation({
    mutationFn: async (file: File) => parseOpml(await file.text()),
    onSuccess: (data) => {
      setParsed(data)
      setSelected(new Set(data.items.filter((i) => !i.subscribed).slice(0, Math.max(0, data.quota.remaining)).map((i) => i.url)))
    },
  })
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  /** What an import (or the part of it that went through) changed: the list, the quota, the sidebar. */
  const landed = (results: ImportResult[], quota: Quota | null) => {
    setParsed((p) => (p ? { ...p, quota: quota ?? p.quota, items: p.items.map((i) => (results.some((r) => r.url === i.url && r.status !== 'failed') ? { ...i, subscribed: true } : i)) } : p))
    setSelected((s) => new Set([...s].filter((url) => !results.some((r) => r.url === url))))
    void refreshSubscriptions()
    void refreshUnread()
  }
  const run = useMutation({
    mutationFn: () => {
      const items = parsed!.items.filter((i) => selected.has(i.url)).map((i) => ({ url: i.url, title: i.title, category: i.category, view }))
      setProgress({ done: 0, total: items.length })
      return importOpml(items, (done, total) => setProgress({ done, total }))
    },
    onSuccess: (data) => {
      const ok = data.results.filter((r) => r.status !== 'failed').length
      const failed = data.results.length - ok
      toast.success(t('imported', { count: ok }), failed ? { description: t('importFailed', { count: failed }) } : undefined)
      landed(data.results, data.quota)
    },
    onError: (error) => {
      // The batches that went through stay imported; the error itself is shown by the API layer.
      const partial = (error as { partial?: { results: ImportResult[]; quota: Quota | null } }).partial
      if (partial?.results.length) landed(partial.results, partial.quota)
    },
    onSettled: () => setProgress(null),
  })
  const over = parsed ? selected.size > parsed.quota.remaining : false
  const toggle = (url: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(url)) next.delete(url)
      else next.add(url)
      return next
    })

  return (
    <div className="flex flex-col gap-4" data-testid="opml">
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border border-zinc-200 bg-white px-3 text-[13px] font-medium text-zinc-700 shadow-xs hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800">
          <UploadIcon size={14} />
          {parse.isPending ? t('reading') : t('chooseOpml')}
          <input type="file" accept=".opml,.xml,text/xml,text/x-opml,application/xml" className="sr-only" data-testid="opml-file" onChange={(e) => e.target.files?.[0] && parse.mutate(e.target.files[0])} />
        </label>
        <Button variant="secondary" size="sm" onClick={() => void exportOpml().catch(() => toast.error(t('exportFailed')))} data-testid="opml-export">
          <DownloadIcon size={14} />
          {t('exportOpml')}
        </Button>
      </div>
      {parsed && (
        <>
          <div className={`flex items-center justify-between rounded-lg px-3.5 py-2.5 text-[13px] ${over ? 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-200' : 'bg-zinc-50 text-zinc-600 dark:bg-zinc-800/50 dark:text-zinc-300'}`} data-testid="opml-quota">
            <span>{t('quota', { selected: selected.size, remaining: parsed.quota.remaining, limit: parsed.quota.limit })}</span>
            {over && <strong className="font-medium">{t('overQuota')}</strong>}
          </div>
          <ul className="scrollbar-thin max-h-80 overflow-y-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
            {parsed.items.map((item) => (
              <li key={item.url}>
                <label className={`flex h-10 items-center gap-3 px-3.5 text-[13px] ${item.subscribed ? 'opacity-55' : 'cursor-pointer hover:bg-zinc-50 dark:hover:bg-zinc-800/50'}`}>
                  <input type="checkbox" disabled={item.subscribed} checked={selected.has(item.url)} onChange={() => toggle(item.url)} className="accent-[var(--color-accent)]" />
                  <span className="min-w-0 flex-1 truncate">{item.title || item.url}</span>
                  {item.category && <span className="truncate text-[11px] text-zinc-500">{item.category}</span>}
                  {item.subscribed && <span className="text-[11px] text-zinc-500">{t('following')}</span>}
                </label>
              </li>
            ))}
          </ul>
          <div className="flex justify-end">
            <Button size="sm" busy={run.isPending} disabled={selected.size === 0} onClick={() => run.mutate()} data-testid="opml-import">
              {progress ? t('importing', { done: progress.done, total: progress.total }) : t('importSelected', { count: selected.size })}
            </Button>
          </div>
        </>
      )}
    </div>
  )
}
