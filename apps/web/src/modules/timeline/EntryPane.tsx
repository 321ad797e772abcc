/** The entry column: an invitation to pick an entry, or (later) the entry itself. */
import { useTranslation } from 'react-i18next'
import { BookOpenIcon } from '../../components/icons.tsx'
import { EmptyState } from '../../components/EmptyState.tsx'
import { useTimelineParams } from './useTimelineParams.ts'

export function EntryPane() {
  const { t } = useTranslation()
  const params = useTimelineParams()
  if (params.isPendingEntry) {
    return (
      <div className="flex-1">
        <EmptyState icon={<BookOpenIcon size={48} strokeWidth={1.1} />} title={t('entry.emptyTitle')} hint={t('entry.emptyHint')} />
      </div>
    )
  }
  return (
    <div className="flex-1">
      <EmptyState icon={<BookOpenIcon size={48} strokeWidth={1.1} />} title={t('entry.openedTitle', { id: params.entryId })} hint={t('entry.openedHint')} />
    </div>
  )
}
