/**
 * The first-run guide (SPEC §2 "onboarding guide"): five steps that help a new account — choose the
 * Discover language and interests, follow suggested feeds in one click (or search Discover), import
 * OPML, choose views and layout, get the app — each with its action, and Skip / Done. Shown in the
 * empty entry column (EntryPane).
 */
import { FeedViewType } from '@brook/shared'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button.tsx'
import { CheckIcon } from '../../components/icons.tsx'
import { env } from '../../env.ts'
import { timelinePath } from '../../lib/routeParams.ts'
import { useSubscriptions } from '../../store/index.ts'
import { useSessionStore } from '../../store/session.ts'
import { InterestsStep } from './InterestsStep.tsx'
import { canPromptInstall, interestsOf, promptInstall, stepsDone, useOnboardingStore, type OnboardingStep } from './onboardingStore.ts'
import { SuggestedFeeds } from './SuggestedFeeds.tsx'

const VIEWS = [FeedViewType.Articles, FeedViewType.SocialMedia, FeedViewType.Pictures, FeedViewType.Videos] as const
const VIEW_KEYS: Record<(typeof VIEWS)[number], string> = { 0: 'articles', 1: 'social', 2: 'pictures', 3: 'videos' }

function Step({ index, done, title, hint, children, testId }: { index: number; done: boolean; title: string; hint: string; children: ReactNode; testId: string }) {
  return (
    <li className="flex gap-3 py-3" data-testid={testId} data-done={done || undefined}>
      <span
        aria-hidden
        className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-[12px] font-semibold ${done ? 'bg-accent text-white' : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300'}`}
      >
        {done ? <CheckIcon size={14} /> : index}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="text-[14px] font-medium text-zinc-900 dark:text-zinc-100">{title}</h3>
        <p className="mt-0.5 text-[13px] text-zinc-600 dark:text-zinc-400">{hint}</p>
        <div className="mt-2 flex flex-wrap gap-2">{children}</div>
      </div>
    </li>
  )
}

export function OnboardingGuide() {
  const { t } = useTranslation('instance')
  const navigate = useNavigate()
  const user = useSessionStore((s) => s.whoami)
  useOnboardingStore((s) => s.version)
  const markStep = useOnboardingStore((s) => s.markStep)
  const finish = useOnboardingStore((s) => s.finish)
  const subscriptions = useSubscriptions()
  const [installHint, setInstallHint] = useState(false)
  if (!user) return null
  const done = new Set<OnboardingStep>(stepsDone(user.id))
  const interests = interestsOf(user.id)
  if (subscriptions.length > 0) done.add('follow')
  if (env.platform === 'desktop') done.add('app')
  const go = (step: OnboardingStep, to: string) => {
    markStep(user.id, step)
    navigate(to)
  }

  return (
    <section aria-labelledby="onboarding-title" className="mx-auto w-full max-w-lg px-6 py-10" data-testid="onboarding-guide">
      <h2 id="onboarding-title" className="text-xl font-semibold tracking-tight">
        {t('onboarding.title', { name: user.name })}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('onboarding.subtitle')}</p>
      <ol className="mt-5 divide-y divide-zinc-100 rounded-xl border border-zinc-200/80 bg-white px-4 dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        <Step index={1} done={done.has('interests')} title={t('onboarding.interestsTitle')} hint={t('onboarding.interestsHint')} testId="onboarding-step-interests">
          <InterestsStep userId={user.id} interests={interests} />
        </Step>
        <Step index={2} done={done.has('follow')} title={t('onboarding.followTitle')} hint={t('onboarding.followHint')} testId="onboarding-step-follow">
          <SuggestedFeeds interests={interests} onFollowed={() => markStep(user.id, 'follow')} />
          <Button size="sm" onClick={() => go('follow', '/discover')}>
            {t('onboarding.followAction')}
          </Button>
        </Step>
        <Step index={3} done={done.has('opml')} title={t('onboarding.opmlTitle')} hint={t('onboarding.opmlHint')} testId="onboarding-step-opml">
          <Button size="sm" variant="secondary" onClick={() => go('opml', '/discover?section=opml')}>
            {t('onboarding.opmlAction')}
          </Button>
        </Step>
        <Step index={4} done={done.has('views')} title={t('onboarding.viewsTitle')} hint={t('onboarding.viewsHint')} testId="onboarding-step-views">
          {VIEWS.map((view) => (
            <Button key={view} size="sm" variant="secondary" onClick={() => go('views', timelinePath({ view }))}>
              {t(`onboarding.views.${VIEW_KEYS[view]}`)}
            </Button>
          ))}
          <Button size="sm" variant="secondary" onClick={() => go('views', '/settings/appearance')}>
            {t('onboarding.layoutAction')}
          </Button>
        </Step>
        <Step index={5} done={done.has('app')} title={t('onboarding.appTitle')} hint={env.platform === 'desktop' ? t('onboarding.appDesktop') : t('onboarding.appHint')} testId="onboarding-step-app">
          {env.platform !== 'desktop' && (
            <Button
              size="sm"
              variant="secondary"
              onClick={async () => {
                markStep(user.id, 'app')
                if (!canPromptInstall() || !(await promptInstall())) setInstallHint(true)
              }}
            >
              {t('onboarding.appAction')}
            </Button>
          )}
          {installHint && (
            <p role="status" className="w-full text-[12px] text-zinc-600 dark:text-zinc-400">
              {t('onboarding.appManual')}
            </p>
          )}
        </Step>
      </ol>
      <div className="mt-4 flex items-center justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => finish(user.id, 'skipped')} data-testid="onboarding-skip">
          {t('onboarding.skip')}
        </Button>
        <Button size="sm" onClick={() => finish(user.id, 'completed')} data-testid="onboarding-done">
          {t('onboarding.done')}
        </Button>
      </div>
    </section>
  )
}
