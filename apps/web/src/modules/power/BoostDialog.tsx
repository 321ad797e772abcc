/** Boost a feed: its level with progress to the next, and a boost in whole steps (docs/power.md). */
import { formatPower, parsePower } from '@brook/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/Button.tsx'
import { useIdempotencyKey } from './useIdempotencyKey.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { TextField } from '../../components/TextField.tsx'
import { boostKeys, fetchBoostStatus, fetchWallet, powerKeys, sendBoost, type BoostStatus } from './powerApi.ts'

export function BoostDialog({ feedId, name, onClose }: { feedId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation('power')
  const client = useQueryClient()
  const [text, setText] = useState('')
  const [key, renewKey] = useIdempotencyKey()
  const status = useQuery({ queryKey: boostKeys.status(feedId), queryFn: () => fetchBoostStatus(feedId) })
  const wallet = useQuery({ queryKey: powerKeys.wallet, queryFn: fetchWallet })
  const step = status.data ? BigInt(status.data.step) : null
  const typed = text === '' && step !== null ? step : parsePower(text)
  const valid = typed !== null && step !== null && typed > 0n && typed % step === 0n
  const boost = useMutation({
    mutationFn: () => sendBoost(feedId, typed!.toString(), key),
    onError: renewKey,
    onSuccess: (answer) => {
      toast.success(t('boostSent', { amount: formatPower(answer.transaction.amount), level: answer.status.level }))
      client.setQueryData(boostKeys.status(feedId), answer.status)
      void client.invalidateQueries({ queryKey: powerKeys.all })
      onClose()
    },
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('boostTitle', { name })}
      description={t('boostHint')}
      testId="boost-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => boost.mutate()} busy={boost.isPending} disabled={!valid} data-testid="boost-send">
            {t('boostSend')}
          </Button>
        </>
      }
    >
      {status.data && <BoostProgress status={status.data} />}
      <form
        className="mt-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (valid) boost.mutate()
        }}
      >
        <TextField
          label={t('boostAmount')}
          value={text}
          onChange={setText}
          placeholder={status.data ? formatPower(status.data.step) : ''}
          inputMode="decimal"
          autoFocus
          aria-invalid={!valid}
          data-testid="boost-amount"
        />
        <p className="mt-2 text-[12px] text-zinc-500">
          {!valid && status.data ? t('boostInvalid', { step: formatPower(status.data.step) }) : `${t('balance')}: ${formatPower(wallet.data?.powerToken ?? '0')} POWER`}
        </p>
      </form>
    </Dialog>
  )
}

function BoostProgress({ status }: { status: BoostStatus }) {
  const { t } = useTranslation('power')
  const total = BigInt(status.totalAmount)
  const remaining = status.remainingToNextLevel === null ? null : BigInt(status.remainingToNextLevel)
  // Progress within the current level, in whole percent, computed with bigint.
  const percent = remaining === null ? 100 : total + remaining === 0n ? 0 : Number((total * 100n) / (total + remaining))
  return (
    <div className="rounded-xl border border-zinc-200/80 p-4 dark:border-zinc-800" data-testid="boost-status">
      <div className="flex items-baseline justify-between text-[13px]">
        <span className="font-semibold" data-testid="boost-level">
          {t('levelValue', { level: status.level })}
        </span>
        <span className="text-zinc-500">{t('boostCount', { count: status.boostCount })}</span>
      </div>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label={t('boostProgress')}>
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-[12px] text-zinc-500">
        {remaining === null ? t('boostTop') : t('boostRemaining', { amount: formatPower(remaining.toString()) })}
        {status.expiresAt && ` · ${t('boostExpires', { time: new Date(status.expiresAt).toLocaleDateString() })}`}
      </p>
    </div>
  )
}
