/** UI language choice of SPEC §1: en, zh-CN, zh-TW, ja; `?lng=` selects; zh-TW falls back to zh-CN, then en. */

export const SUPPORTED_LANGUAGES = ['en', 'zh-CN', 'zh-TW', 'ja'] as const
export type Language = (typeof SUPPORTED_LANGUAGES)[number]

/** i18next fallback chains. */
export const FALLBACK_LANGUAGES = { 'zh-TW': ['zh-CN', 'en'], default: ['en'] }

/** Maps any BCP 47 tag to a supported language, or null when none fits. */
export function normalizeLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null
  const t = tag.trim().replace('_', '-').toLowerCase()
  if (!t) return null
  if (t.startsWith('zh')) {
    if (/^zh-(tw|hk|mo|hant)/.test(t)) return 'zh-TW'
    return 'zh-CN'
  }
  if (t.startsWith('ja')) return 'ja'
  if (t.startsWith('en')) return 'en'
  return null
}

/** Picks the UI language: `?lng=`, then a stored choice, then the browser's languages, then en. */
export function detectLanguage(opts: { search?: string; stored?: string | null; browser?: readonly string[] } = {}): Language {
  const fromQuery = normalizeLanguage(new URLSearchParams(opts.search ?? '').get('lng'))
  if (fromQuery) return fromQuery
  const fromStore = normalizeLanguage(opts.stored)
  if (fromStore) return fromStore
  for (const tag of opts.browser ?? []) {
    const lang = normalizeLanguage(tag)
    if (lang) return lang
  }
  return 'en'
}
