/** The entry column's route element: an invitation to pick an entry, or the entry reader. */
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../components/Spinner.tsx'
import { ensurePages } from '../../i18n/index.ts'
import { BookOpenIcon } from '../../components/icons.tsx'
import { EmptyState } from '../../components/EmptyState.tsx'
import { useTimelineParams } from '../timeline/useTimelineParams.ts'

// The reader (and its HTML sanitizer) loads with the first entry opened, not with the timeline.
const EntryReader = lazy(() => Promise.all([import('./EntryReader.tsx'), ensurePages()]).then(([m]) => ({ default: m.EntryReader })))

export function EntryPane() {
  const { t } = useTranslation()
  const params = useTimelineParams()
  if (params.isPendingEntry || !params.entryId) {
    return (
      <div className="flex-1" data-testid="entry-empty">
        <EmptyState icon={<BookOpenIcon size={48} strokeWidth={1.1} />} title={t('entry.emptyTitle')} hint={t('entry.emptyHint')} />
      </div>
    )
  }
  return (
    <Suspense
      fallback={
        <div className="flex flex-1 items-center justify-center text-zinc-500">
          <Spinner size={24} />
        </div>
      }
    >
      <EntryReader key={params.entryId} params={params} entryId={params.entryId} />
    </Suspense>
  )
}
