/**
 * i18next set-up: four languages (English built in, the others loaded on demand with their
 * fallbacks, zh-TW → zh-CN → en), `?lng=` selection. `i18nReady` settles once the starting
 * language is in; the app renders after it.
 */
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readLocal, StorageKeys, writeLocal } from '../lib/storage.ts'
import { detectLanguage, FALLBACK_LANGUAGES, normalizeLanguage, SUPPORTED_LANGUAGES, type Language } from './language.ts'
import { english, loadPages, loadResource } from './resources.ts'

export const NAMESPACES = ['common', 'auth', 'settings', 'errors', 'subscriptions', 'timeline', 'entry', 'discover', 'shortcuts', 'power', 'instance', 'ai'] as const

function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'en'
  const lang = detectLanguage({
    search: window.location.search,
    stored: readLocal(StorageKeys.language),
    browser: navigator.languages ?? [navigator.language],
  })
  // A `?lng=` choice sticks for later visits.
  if (normalizeLanguage(new URLSearchParams(window.location.search).get('lng'))) writeLocal(StorageKeys.language, lang)
  return lang
}

void i18next.use(initReactI18next).init({
  resources: { en: english },
  partialBundledLanguages: true,
  lng: initialLanguage(),
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGES,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng
}
syncDocumentLanguage(i18next.language)
i18next.on('languageChanged', syncDocumentLanguage)

export { i18next as i18n }

const loaded = new Set<string>(['en'])

/** Makes a language and its fallbacks available (SPEC §8: 'Failed to load language pack' when it cannot). */
export async function ensureLanguage(lng: string): Promise<void> {
  const chain = [lng, ...((FALLBACK_LANGUAGES as Record<string, string[]>)[lng] ?? [])].filter((l): l is Language => (SUPPORTED_LANGUAGES as readonly string[]).includes(l) && !loaded.has(l))
  await Promise.all(
    chain.map(async (l) => {
      try {
        const resource = await loadResource(l)
        for (const [ns, bundle] of Object.entries(resource)) i18next.addResourceBundle(l, ns, bundle, true, true)
        loaded.add(l)
      } catch (error) {
        console.error('Failed to load language pack', l, error)
      }
    }),
  )
}

const pagesLoaded = new Set<string>()
let pagesWanted = false

/**
 * Makes the on-demand screens' strings (settings pages, discover, shortcut labels) available in
 * the current language and its fallbacks; lazy screens await it before they render.
 */
export async function ensurePages(lng: string = i18next.language): Promise<void> {
  pagesWanted = true
  const chain = [lng, ...((FALLBACK_LANGUAGES as Record<string, string[]>)[lng] ?? ['en'])].filter((l): l is Language => (SUPPORTED_LANGUAGES as readonly string[]).includes(l) && !pagesLoaded.has(l))
  await Promise.all(
    chain.map(async (l) => {
      try {
        const resource = await loadPages(l)
        for (const [ns, bundle] of Object.entries(resource)) i18next.addResourceBundle(l, ns, bundle, true, true)
        pagesLoaded.add(l)
      } catch (error) {
        console.error('Failed to load language pack', l, error)
      }
    }),
  )
}

/** Switches the UI language once its strings are in. */
export async function setLanguage(lng: Language): Promise<void> {
  await ensureLanguage(lng)
  if (pagesWanted) await ensurePages(lng)
  await i18next.changeLanguage(lng)
  writeLocal(StorageKeys.language, lng)
}

/** Settles when the starting language can be shown. */
export const i18nReady: Promise<void> = ensureLanguage(i18next.language)
