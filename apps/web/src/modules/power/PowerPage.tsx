/** /power: the wallet — balance and today's claim, transactions, ranking (docs/power.md). */
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { ZapIcon } from '../../components/icons.tsx'
import { useSessionStore } from '../../store/session.ts'
import { AirdropCard } from './AirdropCard.tsx'
import { RankingCard } from './RankingCard.tsx'
import { TransactionsTable } from './TransactionsTable.tsx'
import { WalletCard } from './WalletCard.tsx'

export function PowerPage() {
  const { t } = useTranslation()
  const { t: tp } = useTranslation('power')
  const userId = useSessionStore((s) => s.whoami?.id ?? null)
  // The admin's power flag off for me: the page is not there.
  const power = useFeatureFlag('power')
  if (!power) return <Navigate to="/" replace />
  return (
    <div className="scrollbar-thin flex h-full min-w-0 flex-1 flex-col overflow-y-auto" data-testid="power-page">
      <header className="flex items-center gap-3 border-b border-zinc-200/70 px-8 pt-8 pb-6 dark:border-zinc-800/80">
        <span className="flex size-10 items-center justify-center rounded-xl bg-accent/10 text-accent">
          <ZapIcon size={20} />
        </span>
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight">{t('pages.powerTitle')}</h1>
          <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{tp('intro')}</p>
        </div>
      </header>
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-8 py-8 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="flex min-w-0 flex-col gap-6">
          <WalletCard />
          <TransactionsTable userId={userId} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <AirdropCard />
          <RankingCard userId={userId} />
        </div>
      </div>
    </div>
  )
}
