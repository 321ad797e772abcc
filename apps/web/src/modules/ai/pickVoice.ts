/**
 * The voice that reads an entry (issue 10, SPEC §3 general `voice`): the voice named in the
 * setting when the browser has it; else one of the same family in the entry's language (the
 * default "en-US-AndrewMultilingualNeural" is an Edge name — Chrome calls its voices otherwise);
 * else one of the entry's region (or the setting's, en-US) in that language; else the browser's
 * default voice for the entry's language; else the first of that language.
 */
export type VoiceLike = { name: string; lang: string; default?: boolean }

const base = (tag: string) => tag.toLowerCase().split(/[-_]/)[0]

/** The short name inside an Edge-style voice id ("en-US-AndrewMultilingualNeural" → "andrew"). */
function family(setting: string): string {
  const last = setting.split('-').at(-1) ?? setting
  return last.replace(/(Multilingual)?Neural$/i, '').toLowerCase()
}

export function pickVoice<V extends VoiceLike>(voices: readonly V[], setting: string, language: string | null | undefined): V | null {
  if (voices.length === 0) return null
  const exact = voices.find((v) => v.name === setting)
  if (exact) return exact
  const lang = base(language || setting.slice(0, 2) || 'en')
  const sameLanguage = voices.filter((v) => base(v.lang) === lang)
  const name = family(setting)
  const settingLang = base(setting)
  if (name && settingLang === lang) {
    const sameFamily = sameLanguage.find((v) => v.name.toLowerCase().includes(name))
    if (sameFamily) return sameFamily
  }
  // Nearest in the language: the entry's own region (en-GB), else the setting's (en-US), then the
  // browser's default of the language, then any (espeak-ng lists thousands, its default being Afrikaans).
  const region = (tag: string | null | undefined) => (tag ?? '').toLowerCase().replace('_', '-')
  const wanted = [region(language), settingLang === lang ? region(setting.split('-').slice(0, 2).join('-')) : ''].filter((t) => t.includes('-'))
  for (const tag of wanted) {
    const match = sameLanguage.filter((v) => region(v.lang) === tag)
    if (match.length) return match.find((v) => v.default) ?? match[0]
  }
  return sameLanguage.find((v) => v.default) ?? sameLanguage[0] ?? voices.find((v) => v.default) ?? null
}
