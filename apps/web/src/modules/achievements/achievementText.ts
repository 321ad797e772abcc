/** An achievement's title and description in the UI language (the catalogue carries all four). */
import { achievementById, type AchievementLanguage } from '@brook/shared'

function languageOf(lng: string): AchievementLanguage {
  if (lng === 'ja' || lng === 'zh-CN' || lng === 'zh-TW') return lng
  if (lng.startsWith('zh')) return lng.includes('TW') || lng.includes('HK') || lng.includes('Hant') ? 'zh-TW' : 'zh-CN'
  return 'en'
}

export function achievementText(id: string, lng: string): { title: string; description: string } {
  const a = achievementById(id)
  if (!a) return { title: id, description: '' }
  const l = languageOf(lng)
  return { title: a.title[l], description: a.description[l] }
}
