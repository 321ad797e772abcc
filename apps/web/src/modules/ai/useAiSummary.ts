/**
 * An entry's AI summary: the local cache first (shown at once), then the server's answer, which
 * also says which engine made it. Errors toast (SPEC §8: 15000 and 1005 with their reason).
 */
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import { isApiError } from '../../api/ApiError.ts'
import { toastError } from '../../api/toastError.ts'
import { cachedSummary, storeSummary } from './summaryCache.ts'

export type SummaryTarget = 'content' | 'readabilityContent'

export function useAiSummary(entryId: string, language: string, target: SummaryTarget, enabled: boolean) {
  const cached = useQuery({
    queryKey: ['ai', 'summary-cache', entryId, language, target],
    queryFn: () => cachedSummary(entryId, language, target),
    enabled,
    staleTime: Infinity,
  })
  const remote = useQuery({
    queryKey: ['ai', 'summary', entryId, language, target],
    queryFn: async () => {
      try {
        const data = await api.get('/ai/summary', { id: entryId, language, target })
        if (data.summary) await storeSummary(entryId, language, target, data.summary)
        return data
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
  return {
    summary: remote.data ? remote.data.summary : (cached.data ?? null),
    engine: remote.data?.engine ?? null,
    model: remote.data?.model ?? null,
    loading: enabled && remote.isFetching && !cached.data,
    failed: enabled && remote.isError && !cached.data,
  }
}
