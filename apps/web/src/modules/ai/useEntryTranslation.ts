/** An entry's translated fields in the action language: the local table first, then the server. */
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import { isApiError } from '../../api/ApiError.ts'
import { toastError } from '../../api/toastError.ts'
import { cachedTranslation, storeTranslation, type TranslatedFields } from './translationCache.ts'

export function useEntryTranslation(entryId: string, language: string, fields: (keyof TranslatedFields)[], enabled: boolean) {
  const query = useQuery({
    queryKey: ['ai', 'translation', entryId, language, fields.join(',')],
    queryFn: async (): Promise<TranslatedFields> => {
      const local = await cachedTranslation(entryId, language)
      const missing = fields.filter((f) => !local[f])
      if (missing.length === 0) return local
      try {
        const data = await api.get('/ai/translation', { id: entryId, language, fields: missing.join(',') })
        await storeTranslation(entryId, language, data)
        return { ...local, ...data }
      } catch (error) {
        // The server's refusals toast (SPEC §8: 15000, 1005 with the reason, 5); no network is the offline banner's business.
        if (isApiError(error) && typeof error.code === 'number') toastError(error)
        throw error
      }
    },
    enabled,
    staleTime: 10 * 60_000,
    retry: false,
  })
  return { fields: query.data ?? null, loading: enabled && query.isFetching, failed: enabled && query.isError }
}
