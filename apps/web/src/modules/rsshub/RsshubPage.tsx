/** /rsshub: RSSHub instances (mine, shared, the default) with their health; add your own (checked first), use one; then its routes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { toast } from 'sonner'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { ServerIcon } from '../../components/icons.tsx'
import { useUiStore } from '../../store/ui.ts'
import { RouteBrowser } from './RouteBrowser.tsx'
import { InstanceRow } from './InstanceRow.tsx'
import { addInstance, listInstances, chooseInstance } from './rsshubApi.ts'

/** The admin's rsshub flag off for me: the page is not there. */
export function RsshubPage() {
  const rsshub = useFeatureFlag('rsshub')
  if (!rsshub) return <Navigate to="/" replace />
  return <RsshubInstances />
}

function RsshubInstances() {
  const { t } = useTranslation('discover')
  // A price is paid in POWER: not offered while the admin's power flag is off for me.
  const power = useFeatureFlag('power')
  const { t: tc } = useTranslation()
  const view = useUiStore((s) => s.view)
  const queryClient = useQueryClient()
  const instances = useQuery({ queryKey: ['rsshub', 'instances'], queryFn: listInstances })
  const [baseUrl, setBaseUrl] = useState('')
  const [accessKey, setAccessKey] = useState('')
  const [description, setDescription] = useState('')
  const [price, setPrice] = useState('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['rsshub'] })
  const add = useMutation({
    mutationFn: () => addInstance({ baseUrl, accessKey: accessKey || null, description: description.trim() || null, price: (power && description.trim() && price.trim()) || null }),
    onSuccess: async (created) => {
      setBaseUrl('')
      setAccessKey('')
      setDescription('')
      setPrice('')
      toast.success(t('rsshubAdded', { ms: created.status.responseTimeMs ?? 0 }))
      if (!(instances.data ?? []).some((i) => i.inUse)) await chooseInstance(created.id)
      await refresh()
    },
  })

  return (
    <div className="scrollbar-thin flex h-full min-w-0 flex-1 flex-col overflow-y-auto" data-testid="rsshub-page">
      <header className="flex items-center gap-3 border-b border-zinc-200/70 px-8 pt-8 pb-6 dark:border-zinc-800/80">
        <span className="flex size-10 items-center justify-center rounded-xl bg-accent/10 text-accent">
          <ServerIcon size={20} />
        </span>
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight">{tc('pages.rsshubTitle')}</h1>
          <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{tc('pages.rsshubDescription')}</p>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-10 px-8 py-8">
        <section>
          <h2 className="mb-3 text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">{t('rsshubInstances')}</h2>
          {instances.data?.length === 0 && <p className="text-[13px] text-zinc-500">{t('rsshubNoInstance')}</p>}
          <ul className="flex flex-col divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {(instances.data ?? []).map((i) => (
              <InstanceRow key={i.id} instance={i} />
            ))}
          </ul>
          <form
            className="mt-4 flex flex-wrap items-end gap-2"
            data-testid="rsshub-add"
            onSubmit={(e) => {
              e.preventDefault()
              if (baseUrl.trim()) add.mutate()
            }}
          >
            <label className="flex min-w-56 flex-1 flex-col gap-1 text-[12px]">
              <span className="font-medium text-zinc-700 dark:text-zinc-300">{t('rsshubBaseUrl')}</span>
              <input name="baseUrl" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="http://192.168.1.10:1200" className="h-8 rounded-md border border-zinc-200 bg-transparent px-2 text-[13px] dark:border-zinc-700" />
            </label>
            <label className="flex w-44 flex-col gap-1 text-[12px]">
              <span className="font-medium text-zinc-700 dark:text-zinc-300">{t('rsshubAccessKey')}</span>
              <input name="accessKey" value={accessKey} onChange={(e) => setAccessKey(e.target.value)} className="h-8 rounded-md border border-zinc-200 bg-transparent px-2 text-[13px] dark:border-zinc-700" />
            </label>
            <label className="flex min-w-56 flex-1 flex-col gap-1 text-[12px]">
              <span className="font-medium text-zinc-700 dark:text-zinc-300">{t('rsshubDescription')}</span>
              <input name="description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} placeholder={t('rsshubDescriptionPlaceholder')} className="h-8 rounded-md border border-zinc-200 bg-transparent px-2 text-[13px] dark:border-zinc-700" />
            </label>
            {power && (
              <label className="flex w-44 flex-col gap-1 text-[12px]">
                <span className="font-medium text-zinc-700 dark:text-zinc-300">{t('rsshubPriceLabel')}</span>
                <input
                  name="price"
                  value={price}
                  onChange={(e) => setPrice(e.target.value)}
                  inputMode="decimal"
                  pattern={'\\d+(\\.\\d+)?'}
                  title={t('rsshubPriceRule')}
                  disabled={!description.trim()}
                  placeholder={t('rsshubPriceFree')}
                  className="h-8 rounded-md border border-zinc-200 bg-transparent px-2 text-[13px] disabled:opacity-50 dark:border-zinc-700"
                />
              </label>
            )}
            <button type="submit" disabled={add.isPending} data-testid="rsshub-add-submit" className="h-8 rounded-md bg-accent px-3 text-[13px] font-medium text-white disabled:opacity-50">
              {add.isPending ? t('rsshubChecking') : t('rsshubAdd')}
            </button>
            <p className="w-full text-[11px] text-zinc-500">{t('rsshubShareHint')}</p>
          </form>
        </section>
        <section>
          <h2 className="mb-3 text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">{t('rsshubRoutes')}</h2>
          <RouteBrowser defaultView={view} />
        </section>
      </div>
    </div>
  )
}
