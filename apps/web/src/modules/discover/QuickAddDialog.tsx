/** Quick add (Cmd/Ctrl+N, the sidebar's +): a URL or site → discovery → preview → view, category, private → follow. */
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/Dialog.tsx'
import { useUiStore } from '../../store/ui.ts'
import { DiscoverSearch } from './DiscoverSearch.tsx'
import { useQuickAddStore } from './quickAddStore.ts'

export function QuickAddDialog() {
  const { t } = useTranslation('discover')
  const open = useQuickAddStore((s) => s.open)
  const initial = useQuickAddStore((s) => s.initial)
  const hide = useQuickAddStore((s) => s.hide)
  const view = useUiStore((s) => s.view)
  if (!open) return null
  return (
    <Dialog open onOpenChange={(o) => !o && hide()} title={t('quickAddTitle')} description={t('quickAddHint')} width="max-w-lg" testId="quick-add">
      <DiscoverSearch initial={initial} defaultView={view} onDone={hide} autoFocus />
    </Dialog>
  )
}
