/**
 * An entry's AI summary: the local cache first (shown at once), then the server's answer, streamed
 * (GET /ai/summary?stream=1, server-sent events): the text grows in the block as the model writes
 * it, and the finished summary (the one the server stored) replaces it at the end. Errors toast
 * (SPEC §8: 15000 and 1005 with their reason).
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { ApiError, ClientErrorCodes, isApiError } from '../../api/ApiError.ts'
import { toastError } from '../../api/toastError.ts'
import { cachedSummary, storeSummary } from './summaryCache.ts'
import { readChunks } from './uiMessageStream.ts'

export type SummaryTarget = 'content' | 'readabilityContent'
type Engine = 'extractive' | 'model' | null
type Answer = { summary: string | null; engine: Engine; model: string | null }

/** Reads a streamed summary; `onText` gets the text so far after each piece. */
async function streamSummary(query: { id: string; language: string; target: SummaryTarget }, signal: AbortSignal, onText: (text: string, engine: Engine, model: string | null) => void): Promise<Answer> {
  const response = await api.get('/ai/summary', { ...query, stream: '1' }, { responseType: 'response', signal })
  if (!response.body) throw new ApiError('The summary did not stream', { code: ClientErrorCodes.Network, status: 0 })
  let text = ''
  let engine: Engine = null
  let model: string | null = null
  for await (const chunk of readChunks(response.body, signal)) {
    if (chunk.type === 'start') {
      engine = chunk.engine as Engine
      model = (chunk.model as string | null) ?? null
    } else if (chunk.type === 'text-delta') {
      text += String(chunk.delta ?? '')
      onText(text, engine, model)
    } else if (chunk.type === 'finish') return { summary: (chunk.summary as string | null) ?? null, engine: chunk.engine as Engine, model: (chunk.model as string | null) ?? null }
    else if (chunk.type === 'error') throw new ApiError(String(chunk.message), { code: Number(chunk.code), status: 500, reason: chunk.reason as string | undefined })
  }
  throw new ApiError('The summary stream ended before the summary', { code: ClientErrorCodes.Network, status: 0 })
}

export function useAiSummary(entryId: string, language: string, target: SummaryTarget, enabled: boolean) {
  const key = `${entryId}\u0000${language}\u0000${target}`
  const [partial, setPartial] = useState<{ key: string; text: string; engine: Engine; model: string | null } | null>(null)
  const cached = useQuery({
    queryKey: ['ai', 'summary-cache', entryId, language, target],
    queryFn: () => cachedSummary(entryId, language, target),
    enabled,
    staleTime: Infinity,
  })
  const remote = useQuery({
    queryKey: ['ai', 'summary', entryId, language, target],
    queryFn: async ({ signal }) => {
      try {
        const data = await streamSummary({ id: entryId, language, target }, signal, (text, engine, model) => setPartial({ key, text, engine, model }))
        if (data.summary) await storeSummary(entryId, language, target, data.summary)
        return data
      } catch (error) {
        // The server's refusals toast (SPEC §8: 15000, 1005 with the reason, 5); no network is the offline banner's business.
        if (isApiError(error) && typeof error.code === 'number') toastError(error)
        throw error
      } finally {
        setPartial(null)
      }
    },
    enabled,
    staleTime: 10 * 60_000,
    retry: false,
  })
  const growing = partial?.key === key && remote.isFetching && !cached.data ? partial : null
  return {
    summary: remote.data ? remote.data.summary : (cached.data ?? growing?.text ?? null),
    engine: remote.data?.engine ?? growing?.engine ?? null,
    model: remote.data?.model ?? growing?.model ?? null,
    /** The text is still being written. */
    streaming: !!growing?.text,
    loading: enabled && remote.isFetching && !cached.data && !growing?.text,
    failed: enabled && remote.isError && !cached.data,
  }
}
