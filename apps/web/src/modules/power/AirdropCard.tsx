/** Airdrops on /power: each active campaign, whether I may claim it, and the claim button. */
import { formatPower } from '@brook/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/Button.tsx'
import { useIdempotencyKey } from './useIdempotencyKey.ts'
import { airdropKeys, claimAirdrop, fetchAirdrops, powerKeys, type Airdrop } from './powerApi.ts'

export function AirdropCard() {
  const { t } = useTranslation('power')
  const airdrops = useQuery({ queryKey: airdropKeys, queryFn: fetchAirdrops })
  if (!airdrops.data?.length) return null
  return (
    <section className="rounded-2xl border border-zinc-200/80 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid="airdrop-card" aria-labelledby="airdrop-title">
      <h2 id="airdrop-title" className="text-[13px] font-semibold text-zinc-500 dark:text-zinc-400">
        {t('airdrops')}
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {airdrops.data.map((a) => (
          <AirdropRow key={a.id} airdrop={a} />
        ))}
      </ul>
    </section>
  )
}

function AirdropRow({ airdrop }: { airdrop: Airdrop }) {
  const { t } = useTranslation('power')
  const client = useQueryClient()
  const [key, renewKey] = useIdempotencyKey()
  const claim = useMutation({
    mutationFn: () => claimAirdrop(airdrop.id, key),
    onError: renewKey,
    onSuccess: () => {
      toast.success(t('airdropClaimed', { amount: formatPower(airdrop.amount) }))
      void client.invalidateQueries({ queryKey: powerKeys.all })
    },
  })
  const state = airdrop.status === 'sent' ? t('airdropSent') : airdrop.status === 'sending' ? t('airdropSending') : airdrop.eligible ? null : t('airdropNotEligible')
  return (
    <li className="flex items-center justify-between gap-3" data-testid="airdrop-row">
      <div className="min-w-0">
        <p className="truncate text-[13px] font-medium">{airdrop.title}</p>
        <p className="text-[12px] text-zinc-500 tabular-nums">{formatPower(airdrop.amount)} POWER</p>
      </div>
      {state ? (
        <span className="shrink-0 text-[12px] text-zinc-500">{state}</span>
      ) : (
        <Button size="sm" onClick={() => claim.mutate()} busy={claim.isPending} data-testid="airdrop-claim">
          {t('airdropClaim')}
        </Button>
      )}
    </li>
  )
}
