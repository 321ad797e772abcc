/** The AI summary block at the top of an entry (SPEC §2): which engine made it, a spinner until the first words, then the text growing as it streams in. */
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../components/Spinner.tsx'
import { SparklesIcon } from './aiIcons.tsx'
import { useActionLanguage } from './useAiSettings.ts'
import { useAiSummary, type SummaryTarget } from './useAiSummary.ts'

export function AiSummaryBlock({ entryId, target }: { entryId: string; target: SummaryTarget }) {
  const { t } = useTranslation('ai')
  const language = useActionLanguage()
  const { summary, engine, model, loading, failed, streaming } = useAiSummary(entryId, language, target, true)
  if (!loading && !failed && !summary) return null
  return (
    <section aria-label={t('summary.title')} data-testid="ai-summary" data-engine={engine ?? ''} data-streaming={streaming || undefined} aria-busy={streaming || loading || undefined} className="mt-6 rounded-xl border border-accent/20 bg-accent/5 px-4 py-3">
      <div className="flex items-center gap-1.5 text-[12px] font-semibold tracking-wide text-accent uppercase">
        <SparklesIcon size={14} />
        {t('summary.title')}
        {engine && <span className="ml-auto text-[11px] font-normal tracking-normal text-zinc-500 normal-case">{engine === 'extractive' ? t('summary.extractive') : t('summary.byModel', { model })}</span>}
      </div>
      {loading ? (
        <p className="mt-2 flex items-center gap-2 text-[13px] text-zinc-500">
          <Spinner size={16} /> {t('summary.loading')}
        </p>
      ) : failed ? (
        <p className="mt-2 text-[13px] text-zinc-500">{t('summary.failed')}</p>
      ) : (
        <p className="mt-2 text-[14px] leading-relaxed text-zinc-700 dark:text-zinc-300" data-testid="ai-summary-text">
          {summary}
          {streaming && <span aria-hidden className="ml-0.5 inline-block h-[1em] w-[2px] translate-y-[2px] animate-pulse bg-accent" data-testid="ai-summary-caret" />}
        </p>
      )}
    </section>
  )
}
