/**
 * Edits an RSSHub instance of mine on /rsshub (POST /api/rsshub with its id): URL, access key,
 * description (shares it), price (POWER a month, with a description only) and seat limit. The
 * server checks a new URL or key before saving; while others use the instance it stays shared
 * and free (13002, shown as a toast).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { updateInstance, type RsshubInstance } from './rsshubApi.ts'

const field = 'h-8 rounded-md border border-zinc-200 bg-transparent px-2 text-[13px] disabled:opacity-50 dark:border-zinc-700'
const label = 'flex flex-col gap-1 text-[12px]'
const caption = 'font-medium text-zinc-700 dark:text-zinc-300'

export function InstanceEditForm({ instance, onDone }: { instance: RsshubInstance; onDone: () => void }) {
  const { t } = useTranslation('discover')
  const queryClient = useQueryClient()
  const power = useFeatureFlag('power')
  const [baseUrl, setBaseUrl] = useState(instance.baseUrl)
  const [accessKey, setAccessKey] = useState(instance.accessKey ?? '')
  const [description, setDescription] = useState(instance.description ?? '')
  const [price, setPrice] = useState(instance.price ?? '')
  const [userLimit, setUserLimit] = useState(instance.userLimit === null ? '' : String(instance.userLimit))
  const save = useMutation({
    mutationFn: () =>
      updateInstance({
        id: instance.id,
        baseUrl: baseUrl.trim(),
        accessKey: accessKey.trim() || null,
        description: description.trim() || null,
        // With the power flag off the price is not offered, and left as it is.
        ...(power ? { price: (description.trim() && price.trim()) || null } : {}),
        userLimit: userLimit.trim() ? Number(userLimit) : null,
      }),
    onSuccess: async () => {
      toast.success(t('rsshubSaved'))
      await queryClient.invalidateQueries({ queryKey: ['rsshub'] })
      onDone()
    },
  })

  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-lg bg-zinc-50 px-3 py-2.5 dark:bg-zinc-900"
      data-testid="rsshub-edit-form"
      onSubmit={(e) => {
        e.preventDefault()
        if (baseUrl.trim()) save.mutate()
      }}
    >
      <label className={`${label} min-w-56 flex-1`}>
        <span className={caption}>{t('rsshubBaseUrl')}</span>
        <input name="baseUrl" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} required className={field} />
      </label>
      <label className={`${label} w-40`}>
        <span className={caption}>{t('rsshubAccessKey')}</span>
        <input name="accessKey" value={accessKey} onChange={(e) => setAccessKey(e.target.value)} className={field} />
      </label>
      <label className={`${label} min-w-56 flex-1`}>
        <span className={caption}>{t('rsshubDescription')}</span>
        <input name="description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} placeholder={t('rsshubDescriptionPlaceholder')} className={field} />
      </label>
      {power && (
        <label className={`${label} w-36`}>
          <span className={caption}>{t('rsshubPriceLabel')}</span>
          <input name="price" value={price} onChange={(e) => setPrice(e.target.value)} inputMode="decimal" pattern={'\\d+(\\.\\d+)?'} title={t('rsshubPriceRule')} disabled={!description.trim()} placeholder={t('rsshubPriceFree')} className={field} />
        </label>
      )}
      <label className={`${label} w-28`}>
        <span className={caption}>{t('rsshubUserLimit')}</span>
        <input name="userLimit" value={userLimit} onChange={(e) => setUserLimit(e.target.value)} inputMode="numeric" pattern="[1-9][0-9]*" placeholder={t('rsshubUserLimitNone')} className={field} />
      </label>
      <div className="flex gap-2">
        <button type="button" onClick={onDone} className="h-8 rounded-md px-2.5 text-[13px] text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">
          {t('rsshubCancel')}
        </button>
        <button type="submit" disabled={save.isPending} data-testid="rsshub-edit-save" className="h-8 rounded-md bg-accent px-3 text-[13px] font-medium text-white disabled:opacity-50">
          {save.isPending ? t('rsshubChecking') : t('rsshubSave')}
        </button>
      </div>
      <p className="w-full text-[11px] text-zinc-500">{t('rsshubEditHint')}</p>
    </form>
  )
}
