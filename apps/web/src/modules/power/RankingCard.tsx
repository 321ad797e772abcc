/** The top POWER holders (public profiles) and the user's own rank. */
import { formatPower } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { fetchRanking, powerKeys } from './powerApi.ts'

export function RankingCard({ userId }: { userId: string | null }) {
  const { t } = useTranslation('power')
  const ranking = useQuery({ queryKey: powerKeys.ranking, queryFn: fetchRanking })
  const top = (ranking.data?.top ?? []).slice(0, 10)
  const me = ranking.data?.me
  return (
    <section className="rounded-2xl border border-zinc-200/80 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900" aria-labelledby="ranking-title" data-testid="power-ranking">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="ranking-title" className="text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">
          {t('ranking')}
        </h2>
        <span className="text-[12px] text-zinc-500" data-testid="my-rank">
          {me?.rank ? t('myRank', { rank: me.rank }) : t('unranked')}
        </span>
      </div>
      {top.length === 0 ? (
        <p className="text-[13px] text-zinc-500">{t('noRanking')}</p>
      ) : (
        <ol className="flex flex-col gap-1.5">
          {top.map((row) => (
            <li key={row.userId} className={`flex items-center gap-3 rounded-lg px-2 py-1.5 text-[13px] ${row.userId === userId ? 'bg-accent/10' : ''}`}>
              <span className="w-5 text-right font-semibold text-zinc-500 tabular-nums">{row.rank}</span>
              {row.image ? <img src={row.image} alt="" className="size-6 rounded-full" /> : <span aria-hidden className="flex size-6 items-center justify-center rounded-full bg-zinc-200 text-[11px] font-semibold dark:bg-zinc-700">{(row.name ?? '?').slice(0, 1).toUpperCase()}</span>}
              <span className="min-w-0 flex-1 truncate">{row.name ?? row.handle ?? row.userId}</span>
              <span className="font-medium tabular-nums">{formatPower(row.powerToken, 2)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
