/**
 * The guide's first step (issue 19): the Discover language (ui `discoverLanguage`, the setting
 * Discover, its category pages and the RSSHub routes filter by) and interests among the SPEC §3
 * discovery categories, kept per user for the suggestions below.
 */
import { DISCOVER_CATEGORIES, type DiscoverCategory, type UiSettings } from '@brook/shared'
import { useTranslation } from 'react-i18next'
import { updateSettings } from '../../store/index.ts'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { useOnboardingStore } from './onboardingStore.ts'

const LANGUAGES: readonly UiSettings['discoverLanguage'][] = ['all', 'eng', 'cmn']

export function InterestsStep({ userId, interests }: { userId: string; interests: readonly DiscoverCategory[] }) {
  const { t } = useTranslation('instance')
  const { t: tc } = useTranslation()
  const { discoverLanguage } = useUiSettings()
  const setInterests = useOnboardingStore((s) => s.setInterests)
  const toggle = (category: DiscoverCategory) => setInterests(userId, interests.includes(category) ? interests.filter((c) => c !== category) : [...interests, category])

  return (
    <div className="flex w-full flex-col gap-3">
      <label className="flex items-center gap-2 text-[13px] text-zinc-700 dark:text-zinc-300">
        <span>{t('onboarding.languageLabel')}</span>
        <select
          value={discoverLanguage}
          data-testid="onboarding-language"
          onChange={(e) => {
            void updateSettings('ui', { discoverLanguage: e.target.value })
            setInterests(userId, interests)
          }}
          className="h-8 rounded-lg border border-zinc-200 bg-white px-2 text-[13px] text-zinc-800 dark:border-zinc-700/80 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`onboarding.languages.${language}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend className="mb-1.5 text-[13px] text-zinc-700 dark:text-zinc-300">{t('onboarding.interestsLabel')}</legend>
        <ul className="flex flex-wrap gap-1.5">
          {DISCOVER_CATEGORIES.map((category) => {
            const on = interests.includes(category)
            return (
              <li key={category}>
                <button
                  type="button"
                  aria-pressed={on}
                  data-testid={`onboarding-interest-${category}`}
                  onClick={() => toggle(category)}
                  className={`inline-flex h-7 items-center rounded-full border px-3 text-[12px] transition-colors ${on ? 'border-accent bg-accent text-white' : 'border-zinc-200 text-zinc-700 hover:border-accent/40 hover:bg-accent/5 dark:border-zinc-700 dark:text-zinc-300'}`}
                >
                  {tc(`categories.${category}`)}
                </button>
              </li>
            )
          })}
        </ul>
      </fieldset>
    </div>
  )
}
