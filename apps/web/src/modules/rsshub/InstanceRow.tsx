/**
 * One RSSHub instance on /rsshub: health, users, price; Use / In use; Buy months of a paid one
 * (POWER, from my wallet to its owner); Edit and Delete for mine; Make default for admins.
 */
import { formatPower, parsePower } from '@brook/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { useSessionStore } from '../../store/session.ts'
import { powerKeys } from '../power/powerApi.ts'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { InstanceEditForm } from './InstanceEditForm.tsx'
import { buyInstance, chooseInstance, deleteInstance, markDefault, type RsshubInstance } from './rsshubApi.ts'

const MONTHS = [1, 3, 6, 12] as const

function Health({ instance }: { instance: RsshubInstance }) {
  const { t } = useTranslation('discover')
  if (instance.status.errorMessage) return <span className="text-[12px] text-red-600 dark:text-red-400" title={instance.status.errorMessage}>{t('rsshubDown')}</span>
  if (instance.status.responseTimeMs !== null) return <span className="text-[12px] text-emerald-600 dark:text-emerald-400">{t('rsshubHealthy', { ms: instance.status.responseTimeMs })}</span>
  return <span className="text-[12px] text-zinc-500">—</span>
}

export function InstanceRow({ instance: i }: { instance: RsshubInstance }) {
  const { t } = useTranslation('discover')
  const queryClient = useQueryClient()
  const isAdmin = useSessionStore((s) => s.role === 'admin')
  // The admin's power flag off for me: months of a paid instance cannot be bought (the server says 1004 too).
  const power = useFeatureFlag('power')
  const [buying, setBuying] = useState(false)
  const [editing, setEditing] = useState(false)
  // Mine, or (admins) the instance seeded from RSSHUB_URL: the server lets the same people edit and delete.
  const mayEdit = i.isOwner || (isAdmin && i.ownerUserId === null)
  const [months, setMonths] = useState<number>(1)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['rsshub'] })
  const use = useMutation({ mutationFn: (id: string | null) => chooseInstance(id), onSuccess: refresh })
  const remove = useMutation({ mutationFn: () => deleteInstance(i.id), onSuccess: refresh })
  const makeDefault = useMutation({ mutationFn: (id: string | null) => markDefault(id), onSuccess: refresh })
  const buy = useMutation({
    mutationFn: () => buyInstance(i.id, months),
    onSuccess: async (done) => {
      setBuying(false)
      toast.success(t('rsshubBought', { date: new Date(done.purchaseExpiresAt ?? Date.now()).toLocaleDateString() }))
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: powerKeys.all })])
    },
  })
  const perMonth = i.price ? parsePower(i.price) : null
  const paidUntil = i.purchaseExpiresAt && Date.parse(i.purchaseExpiresAt) > Date.now() ? i.purchaseExpiresAt : null
  const needsPurchase = perMonth !== null && !i.isOwner && !paidUntil

  return (
    <li className="flex flex-col gap-2 px-3.5 py-2.5" data-testid="rsshub-instance">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <div className="truncate text-[13px] font-medium">{i.baseUrl}</div>
          <div className="flex flex-wrap gap-x-3 text-[11px] text-zinc-500">
            {i.isDefault && <span className="font-medium text-accent">{t('rsshubDefault')}</span>}
            {i.isOwner && <span>{t('rsshubMine')}</span>}
            <span>{t('rsshubUsers', { count: i.userCount })}</span>
            {perMonth !== null && <span data-testid="rsshub-price">{t('rsshubPrice', { amount: formatPower(perMonth) })}</span>}
            {paidUntil && <span data-testid="rsshub-paid-until">{t('rsshubPaidUntil', { date: new Date(paidUntil).toLocaleDateString() })}</span>}
            {i.description && <span className="truncate">{i.description}</span>}
          </div>
        </div>
        <Health instance={i} />
        {i.inUse ? (
          <button type="button" onClick={() => use.mutate(null)} data-testid="rsshub-unuse" className="h-7 rounded-md bg-accent/10 px-2.5 text-[12px] font-medium text-accent">
            {t('rsshubInUse')}
          </button>
        ) : needsPurchase ? (
          power && (
            <button type="button" onClick={() => setBuying((b) => !b)} data-testid="rsshub-buy" className="h-7 rounded-md border border-accent/40 px-2.5 text-[12px] font-medium text-accent">
              {t('rsshubBuy')}
            </button>
          )
        ) : (
          <button type="button" onClick={() => use.mutate(i.id)} data-testid="rsshub-use" className="h-7 rounded-md border border-zinc-200 px-2.5 text-[12px] font-medium dark:border-zinc-700">
            {t('rsshubUse')}
          </button>
        )}
        {isAdmin && !i.isDefault && perMonth === null && (
          <button type="button" onClick={() => makeDefault.mutate(i.id)} data-testid="rsshub-make-default" className="h-7 rounded-md px-2 text-[12px] text-zinc-500 hover:text-accent">
            {t('rsshubMakeDefault')}
          </button>
        )}
        {isAdmin && i.isDefault && (
          <button type="button" onClick={() => makeDefault.mutate(null)} data-testid="rsshub-unset-default" className="h-7 rounded-md px-2 text-[12px] text-zinc-500 hover:text-accent">
            {t('rsshubUnsetDefault')}
          </button>
        )}
        {mayEdit && (
          <button type="button" onClick={() => setEditing((e) => !e)} data-testid="rsshub-edit" className="h-7 rounded-md px-2 text-[12px] text-zinc-500 hover:text-accent">
            {t('rsshubEdit')}
          </button>
        )}
        {i.isOwner && (
          <button type="button" onClick={() => remove.mutate()} className="h-7 rounded-md px-2 text-[12px] text-zinc-500 hover:text-red-600">
            {t('rsshubDelete')}
          </button>
        )}
      </div>
      {editing && <InstanceEditForm instance={i} onDone={() => setEditing(false)} />}
      {buying && power && perMonth !== null && (
        <form
          className="flex flex-wrap items-center gap-2 rounded-lg bg-zinc-50 px-3 py-2 text-[12px] dark:bg-zinc-900"
          data-testid="rsshub-buy-form"
          onSubmit={(e) => {
            e.preventDefault()
            buy.mutate()
          }}
        >
          <label className="flex items-center gap-2">
            <span>{t('rsshubMonths')}</span>
            <select name="months" value={months} onChange={(e) => setMonths(Number(e.target.value))} className="h-7 rounded-md border border-zinc-200 bg-transparent px-1.5 dark:border-zinc-700">
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          <span className="flex-1 text-zinc-500">{t('rsshubBuyHint')}</span>
          <button type="submit" disabled={buy.isPending} data-testid="rsshub-buy-submit" className="h-7 rounded-md bg-accent px-2.5 font-medium text-white disabled:opacity-50">
            {t('rsshubBuyFor', { amount: formatPower(perMonth * BigInt(months)) })}
          </button>
        </form>
      )}
    </li>
  )
}
