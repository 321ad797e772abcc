/** The balance, its withdrawable part and level, and today's claim button with its amount. */
import { formatPower } from '@brook/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/Button.tsx'
import { ZapIcon } from '../../components/icons.tsx'
import { WithdrawDialog } from './WithdrawDialog.tsx'
import { claimDaily, fetchClaimCheck, fetchWallet, powerKeys } from './powerApi.ts'

export function WalletCard() {
  const { t } = useTranslation('power')
  const client = useQueryClient()
  const wallet = useQuery({ queryKey: powerKeys.wallet, queryFn: fetchWallet })
  // While the day's amounts are being computed (claim-daily would answer 4005), ask again soon.
  const check = useQuery({ queryKey: powerKeys.claimCheck, queryFn: fetchClaimCheck, refetchInterval: (query) => (query.state.data?.computing ? 15_000 : false) })
  const claim = useMutation({
    mutationFn: claimDaily,
    onSuccess: (transfer) => {
      toast.success(t('claimed', { amount: formatPower(transfer.amount) }))
      void client.invalidateQueries({ queryKey: powerKeys.all })
    },
  })
  const [withdrawing, setWithdrawing] = useState(false)
  const balance = wallet.data?.powerToken ?? '0'
  const cashable = wallet.data?.cashablePowerToken ?? '0'
  const claimable = check.data?.claimable ?? false
  const computing = check.data?.computing ?? false
  return (
    <section className="rounded-2xl border border-zinc-200/80 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid="wallet-card" aria-labelledby="wallet-title">
      <h2 id="wallet-title" className="text-[13px] font-semibold text-zinc-500 dark:text-zinc-400">
        {t('balance')}
      </h2>
      <p className="mt-2 flex items-baseline gap-2">
        <span className="text-3xl font-semibold tracking-tight tabular-nums" data-testid="power-balance">
          {formatPower(balance)}
        </span>
        <span className="text-sm font-medium text-accent">POWER</span>
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-[13px]">
        <div>
          <dt className="text-zinc-500">{t('cashable')}</dt>
          <dd className="font-medium tabular-nums" data-testid="power-cashable">
            {formatPower(cashable)}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-500">{t('level')}</dt>
          <dd className="font-medium">{t('levelValue', { level: wallet.data?.level ?? 0 })}</dd>
        </div>
      </dl>
      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-zinc-100 pt-4 dark:border-zinc-800">
        <Button onClick={() => claim.mutate()} busy={claim.isPending} disabled={!claimable} data-testid="claim-daily">
          <ZapIcon size={16} />
          {claimable ? t('claim', { amount: formatPower(check.data?.amount ?? '0') }) : computing ? t('computing') : t('claimedToday')}
        </Button>
        {check.data && (
          <span className="text-[12px] text-zinc-500">
            {claimable ? t('multiplier', { multiplier: check.data.multiplier }) : computing ? t('computingHint') : t('nextClaim', { time: new Date(check.data.nextClaimAt).toLocaleString() })}
          </span>
        )}
        <Button variant="secondary" className="ml-auto" onClick={() => setWithdrawing(true)} disabled={BigInt(cashable) === 0n} data-testid="withdraw-open">
          {t('withdraw')}
        </Button>
      </div>
      {withdrawing && <WithdrawDialog cashable={cashable} onClose={() => setWithdrawing(false)} />}
    </section>
  )
}
