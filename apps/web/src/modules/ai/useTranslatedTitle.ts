/**
 * A timeline row's title in the action language when general `translation` is on (SPEC §2): the
 * local translations table first, then the server, which leaves out a title already in that
 * language (null here: the row keeps its own). Quiet, unlike the reader: a refusal does not toast
 * once per row, and after a 5 (no provider) or 15000 (budget) the timeline stops asking until the
 * next start.
 */
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import { isApiError } from '../../api/ApiError.ts'
import { useGeneralSettings } from '../settings/useSettingsValues.ts'
import { cachedTranslation, storeTranslation } from './translationCache.ts'
import { useActionLanguage } from './useAiSettings.ts'

let refused = false

export function useTranslatedTitle(entryId: string, title: string | null | undefined): string | null {
  const general = useGeneralSettings()
  const language = useActionLanguage()
  const enabled = general.translation === true && !!title?.trim() && !refused
  const query = useQuery({
    queryKey: ['ai', 'timeline-title', entryId, language],
    queryFn: async (): Promise<string | null> => {
      const local = await cachedTranslation(entryId, language)
      if (local.title) return local.title
      if (refused) return null
      try {
        const data = await api.get('/ai/translation', { id: entryId, language, fields: 'title' })
        if (data.title) await storeTranslation(entryId, language, { title: data.title })
        return data.title ?? null
      } catch (error) {
        if (isApiError(error) && (error.code === 5 || error.code === 15000)) refused = true
        return null
      }
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  })
  return general.translation === true ? (query.data ?? null) : null
}
