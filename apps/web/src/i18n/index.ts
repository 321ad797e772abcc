/** i18next set-up: four languages, namespaces common/auth/settings/errors, `?lng=` selection. */
import { ErrorCatalogue } from '@brook/shared'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readLocal, StorageKeys, writeLocal } from '../lib/storage.ts'
import { detectLanguage, FALLBACK_LANGUAGES, normalizeLanguage, SUPPORTED_LANGUAGES, type Language } from './language.ts'
import en from './locales/en.ts'
import ja from './locales/ja.ts'
import zhCN from './locales/zh-CN.ts'
import zhTW from './locales/zh-TW.ts'
import errorsJa from './locales/errors.ja.ts'
import errorsZhCN from './locales/errors.zh-CN.ts'
import errorsZhTW from './locales/errors.zh-TW.ts'
import appEn from './locales/app.en.ts'
import appJa from './locales/app.ja.ts'
import appZhCN from './locales/app.zh-CN.ts'
import appZhTW from './locales/app.zh-TW.ts'

/** The `errors:{code}` namespace in English is the catalogue itself. */
const errorsEn: Record<string, string> = Object.fromEntries(Object.entries(ErrorCatalogue))

type Tree = { [key: string]: string | Tree }

/** Deep-merges the reading screens' strings (app.*.ts) into the skeleton's namespaces. */
function merge<A extends object, B extends object>(a: A, b: B): A & B {
  const out: Tree = { ...(a as Tree) }
  for (const [key, value] of Object.entries(b as Tree)) {
    const prev = out[key]
    out[key] = typeof value === 'object' && typeof prev === 'object' ? merge(prev, value) : value
  }
  return out as A & B
}

export const resources = {
  en: { ...merge(en, appEn), errors: errorsEn },
  'zh-CN': { ...merge(zhCN, appZhCN), errors: errorsZhCN },
  'zh-TW': { ...merge(zhTW, appZhTW), errors: errorsZhTW },
  ja: { ...merge(ja, appJa), errors: errorsJa },
}

export const NAMESPACES = ['common', 'auth', 'settings', 'errors', 'subscriptions', 'timeline', 'entry', 'discover', 'shortcuts'] as const

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
  resources,
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
