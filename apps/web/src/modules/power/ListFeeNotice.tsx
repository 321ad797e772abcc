/**
 * Before following a paid list (SPEC §3 lists.fee): what it costs and what the reader holds, so
 * nobody pays by surprise; a short balance is said here, and the server's 4002 toast follows if
 * they try anyway. The list's owner follows free, and is told nothing.
 */
import { formatPower, power } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ZapIcon } from '../../components/icons.tsx'
import { useSessionStore } from '../../store/session.ts'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { fetchWallet, powerKeys } from './powerApi.ts'

/** Whether following this list costs me its fee (the owner follows free). */
export function useListFeePaid(fee: number, ownerUserId: string | null): boolean {
  const me = useSessionStore((s) => s.whoami?.id ?? null)
  return fee > 0 && ownerUserId !== me
}

export function ListFeeNotice({ fee, ownerUserId }: { fee: number; ownerUserId: string | null }) {
  const { t } = useTranslation('discover')
  const paid = useListFeePaid(fee, ownerUserId)
  // The admin's power flag off for me: the fee cannot be paid (the server refuses it with 1004).
  const powerOn = useFeatureFlag('power')
  const wallet = useQuery({ queryKey: powerKeys.wallet, queryFn: fetchWallet, enabled: paid && powerOn })
  if (!paid) return null
  const cost = power(fee)
  if (!powerOn) {
    return (
      <div className="flex items-start gap-2.5 rounded-lg bg-amber-50 px-3.5 py-3 text-[13px] text-amber-900 dark:bg-amber-500/10 dark:text-amber-100" data-testid="list-fee-power-off">
        <ZapIcon size={16} className="mt-0.5 shrink-0 text-amber-600" />
        <div>{t('listFeePowerOff', { amount: formatPower(cost.toString()) })}</div>
      </div>
    )
  }
  const balance = wallet.data ? BigInt(wallet.data.powerToken) : null
  const short = balance !== null && balance < cost
  return (
    <div className={`flex items-start gap-2.5 rounded-lg px-3.5 py-3 text-[13px] ${short ? 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-100' : 'bg-zinc-50 text-zinc-700 dark:bg-zinc-800/50 dark:text-zinc-200'}`} data-testid="list-fee">
      <ZapIcon size={16} className="mt-0.5 shrink-0 text-accent" />
      <div>
        <div className="font-medium">{t('listFee', { amount: formatPower(cost.toString()) })}</div>
        {balance !== null && <div className="mt-0.5 text-[12px] opacity-80">{t('listFeeBalance', { amount: formatPower(balance.toString()) })}</div>}
        {short && <div className="mt-0.5 text-[12px] font-medium" data-testid="list-fee-short">{t('listFeeShort')}</div>}
      </div>
    </div>
  )
}
