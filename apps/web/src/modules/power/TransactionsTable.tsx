/** The user's POWER movements, newest first: what, with whom, how much (+ in, − out), when. */
import { formatPower } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatFullTime } from '../timeline/formatTime.ts'
import { fetchTransactions, powerKeys, type PowerTransaction } from './powerApi.ts'

const KINDS = ['daily', 'tip', 'reward', 'withdraw', 'boost', 'list', 'airdrop', 'claim', 'refund', 'rsshub'] as const

export function TransactionsTable({ userId }: { userId: string | null }) {
  const { t, i18n } = useTranslation('power')
  const list = useQuery({ queryKey: powerKeys.transactions, queryFn: fetchTransactions })
  const rows = list.data ?? []
  const incoming = (tx: PowerTransaction) => tx.toUserId === userId || (tx.toFeedId !== null && tx.fromUserId !== userId)
  const counterpart = (tx: PowerTransaction) => {
    if (incoming(tx)) return tx.fromUserId ? t('fromUser') : t('fromBrook')
    if (tx.toFeedId) return t('toFeed')
    return tx.toUserId ? t('toUser') : t('toBrook')
  }
  return (
    <section aria-labelledby="transactions-title" data-testid="power-transactions">
      <h2 id="transactions-title" className="mb-3 text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">
        {t('transactions')}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-[13px] text-zinc-500 dark:border-zinc-700">{t('noTransactions')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-zinc-200/80 dark:border-zinc-800">
          <table className="w-full text-left text-[13px]">
            <thead className="bg-zinc-50 text-[12px] text-zinc-500 dark:bg-zinc-900/60">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t('type')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('counterpart')}</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{t('amount')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('date')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {rows.map((tx) => {
                const plus = incoming(tx)
                return (
                  <tr key={tx.id} data-testid="power-transaction">
                    <td className="px-3 py-2">{(KINDS as readonly string[]).includes(tx.type) ? t(`kinds.${tx.type as (typeof KINDS)[number]}`) : tx.type}</td>
                    <td className="px-3 py-2 text-zinc-600 dark:text-zinc-400">{counterpart(tx)}</td>
                    <td className={`px-3 py-2 text-right font-medium tabular-nums ${plus ? 'text-emerald-700 dark:text-emerald-400' : 'text-zinc-800 dark:text-zinc-200'}`}>
                      {plus ? '+' : '−'}
                      {formatPower(tx.amount)}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-zinc-500">{formatFullTime(tx.createdAt, i18n.language)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
