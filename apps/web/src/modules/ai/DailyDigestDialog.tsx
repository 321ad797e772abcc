/**
 * The daily report (SPEC §2 timeline header, issue 10): the digest of a half day — topics with a
 * short summary and links back to their entries — with earlier/later half days. It says which
 * engine made it (a model, or key sentences when none is configured).
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { FeedViewType } from '@brook/shared'
import { Dialog } from '../../components/Dialog.tsx'
import { Button } from '../../components/Button.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { timelinePath } from '../../lib/routeParams.ts'
import { useActionLanguage } from './useAiSettings.ts'
import { useDailyDigest } from './useDailyDigest.ts'

export function DailyDigestDialog({ view, open, onOpenChange }: { view: FeedViewType; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation('ai')
  const language = useActionLanguage()
  const [at, setAt] = useState<string | undefined>(undefined)
  const digest = useDailyDigest(view, at, language, open)
  const d = digest.data
  const fmt = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: d?.timeZone })
  const range = d ? `${fmt.format(new Date(d.startDate))} – ${fmt.format(new Date(d.endDate))}` : ''
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      testId="daily-digest"
      width="max-w-xl"
      title={t('daily.title')}
      description={d ? `${range}${d.final ? '' : ` · ${t('daily.soFar')}`}` : undefined}
      footer={
        <>
          <span className="mr-auto text-[12px] text-zinc-500 dark:text-zinc-400" data-testid="daily-engine">
            {d ? (d.engine === 'extractive' ? t('daily.extractive') : t('summary.byModel', { model: d.model })) : ''}
          </span>
          <Button variant="secondary" size="sm" disabled={!d} onClick={() => d && setAt(new Date(new Date(d.startDate).getTime() - 1).toISOString())} data-testid="daily-earlier">
            {t('daily.earlier')}
          </Button>
          <Button variant="secondary" size="sm" disabled={!d || !d.final} onClick={() => d && setAt(d.endDate)} data-testid="daily-later">
            {t('daily.later')}
          </Button>
        </>
      }
    >
      {digest.isFetching && !d ? (
        <div className="flex items-center gap-2 py-6 text-[13px] text-zinc-500">
          <Spinner /> {t('daily.loading')}
        </div>
      ) : digest.isError ? (
        <p className="py-6 text-[13px] text-zinc-500">{t('daily.failed')}</p>
      ) : d && d.topics.length === 0 ? (
        <p className="py-6 text-[13px] text-zinc-500" data-testid="daily-empty">
          {t('daily.empty')}
        </p>
      ) : (
        <ol className="space-y-5" data-testid="daily-topics">
          {d?.topics.map((topic, i) => (
            <li key={`${topic.title}-${i}`} data-testid="daily-topic">
              <h3 className="text-[14px] font-semibold tracking-tight">{topic.title}</h3>
              {topic.summary && <p className="mt-1 text-[13px] leading-relaxed text-zinc-600 dark:text-zinc-300">{topic.summary}</p>}
              <ul className="mt-2 space-y-1">
                {topic.entries.map((e) => (
                  <li key={e.id} className="text-[13px]">
                    <Link to={timelinePath({ view, entryId: e.id })} onClick={() => onOpenChange(false)} className="text-accent hover:underline" data-testid="daily-entry">
                      {e.title || e.url || e.id}
                    </Link>
                    {e.source && <span className="text-zinc-400"> · {e.source}</span>}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  )
}
