/** The entry column's route element: an invitation to pick an entry, or the entry reader. */
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../components/Spinner.tsx'
import { ensurePages } from '../../i18n/index.ts'
import { BookOpenIcon } from '../../components/icons.tsx'
import { EmptyState } from '../../components/EmptyState.tsx'
import { useTimelineParams } from '../timeline/useTimelineParams.ts'
import { useSessionStore } from '../../store/session.ts'
import { showsByItself, useOnboardingStore } from '../onboarding/onboardingStore.ts'

// The reader (and its HTML sanitizer) loads with the first entry opened, not with the timeline.
const EntryReader = lazy(() => Promise.all([import('./EntryReader.tsx'), ensurePages()]).then(([m]) => ({ default: m.EntryReader })))
// The first-run guide (and its strings) loads only for the accounts that see it.
const OnboardingGuide = lazy(() => Promise.all([import('../onboarding/OnboardingGuide.tsx'), ensurePages()]).then(([m]) => ({ default: m.OnboardingGuide })))

export function EntryPane() {
  const { t } = useTranslation()
  const params = useTimelineParams()
  const user = useSessionStore((s) => s.whoami)
  const reopened = useOnboardingStore((s) => s.reopened)
  useOnboardingStore((s) => s.version)
  if ((params.isPendingEntry || !params.entryId) && user && (reopened || showsByItself(user))) {
    return (
      <div className="scrollbar-thin flex flex-1 overflow-y-auto" data-testid="entry-empty">
        <Suspense fallback={null}>
          <OnboardingGuide />
        </Suspense>
      </div>
    )
  }
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
