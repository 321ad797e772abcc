/** The entry column's route element: an invitation to pick an entry, or the entry reader. */
import { useTranslation } from 'react-i18next'
import { BookOpenIcon } from '../../components/icons.tsx'
import { EmptyState } from '../../components/EmptyState.tsx'
import { useTimelineParams } from '../timeline/useTimelineParams.ts'
import { EntryReader } from './EntryReader.tsx'

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
  return <EntryReader key={params.entryId} params={params} entryId={params.entryId} />
}
