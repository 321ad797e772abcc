/**
 * The voice that reads an entry (issue 10, SPEC §3 general `voice`): the voice named in the
 * setting when the browser has it; else one of the same family in the entry's language (the
 * default "en-US-AndrewMultilingualNeural" is an Edge name — Chrome calls its voices otherwise);
 * else the browser's default voice for the entry's language; else the first of that language.
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
  return sameLanguage.find((v) => v.default) ?? sameLanguage[0] ?? voices.find((v) => v.default) ?? null
}
