/**
 * The daily digest of one view (GET /ai/daily): a half day's entries grouped by topic. `at` is any
 * instant in the half day wanted; undefined asks for the half day that ended last (the one the
 * server's 8 AM / 8 PM run made). The server's refusals toast (SPEC §8: 15000, 1005).
 */
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import { isApiError } from '../../api/ApiError.ts'
import { toastError } from '../../api/toastError.ts'

export function useDailyDigest(view: number, at: string | undefined, language: string, enabled: boolean) {
  return useQuery({
    queryKey: ['ai', 'daily', view, at ?? 'last', language],
    queryFn: async () => {
      try {
        return await api.get('/ai/daily', { view, language, ...(at ? { startDate: at } : {}) })
      } catch (error) {
        if (isApiError(error) && typeof error.code === 'number') toastError(error)
        throw error
      }
    },
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
