/**
 * Readable content of an entry (SPEC §4): reused when fetched within 3 days (the entry's own
 * readabilityContent or the query cache), else asked from the server (POST /entries/readability).
 */
import { READABILITY_CACHE_MS } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { Entry } from '../../store/index.ts'

export function useReadability(entry: Entry | undefined, enabled: boolean) {
  const fresh = !!entry?.readabilityContent && !!entry.readabilityUpdatedAt && Date.now() - Date.parse(entry.readabilityUpdatedAt) < READABILITY_CACHE_MS
  const query = useQuery({
    queryKey: ['entries', 'readability', entry?.id],
    queryFn: async () => {
      const data = await api.post('/entries/readability', { id: entry!.id })
      return data.content
    },
    enabled: enabled && !!entry && !fresh,
    staleTime: READABILITY_CACHE_MS,
    gcTime: READABILITY_CACHE_MS,
    retry: false,
  })
  return {
    content: fresh ? entry!.readabilityContent : (query.data ?? null),
    loading: enabled && !fresh && query.isFetching,
    error: enabled && !fresh && query.isError,
  }
}
