/** App-wide providers: query cache, i18n, toasts and connectivity. */
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { Toaster } from 'sonner'
import { QUERY_RETRY_DELAY_MS, shouldRetryQuery } from '../api/retry.ts'
import { toastError } from '../api/toastError.ts'
import { i18n } from '../i18n/index.ts'
import { installAppPlatform } from '../modules/platform/installAppPlatform.ts'
import { useLocalFirst } from '../sync/useLocalFirst.ts'
import { installDebugHandle } from './debugHandle.ts'

/** SPEC §9 toast constants. */
export const TOAST_DURATION_MS = 4000
export const TOAST_GAP_PX = 14
export const TOAST_MAX_VISIBLE = 3

/** SPEC §9 stale times: entry list 10 minutes is also the general default. */
const DEFAULT_STALE_MS = 10 * 60 * 1000

/** Creates the query client with the SPEC §7/§9 defaults; mutations toast their errors unless `meta.silent`. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: QUERY_RETRY_DELAY_MS,
      },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.silent) toastError(error)
      },
    }),
  })
}

export const queryClient = createQueryClient()

export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  // The desktop window's platform when the shell's bridge is there, else the browser tab's.
  useEffect(() => installAppPlatform(), [])
  // `window.__brook` (app/debugHandle.ts), before the local-first layer starts as it was.
  useEffect(() => installDebugHandle(), [])
  // Local database, hydration, outbox and persisted queries (docs/offline-first.md).
  useLocalFirst(client)
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        {children}
        <Toaster
          position="bottom-right"
          visibleToasts={TOAST_MAX_VISIBLE}
          duration={TOAST_DURATION_MS}
          gap={TOAST_GAP_PX}
          theme="system"
          hotkey={['altKey', 'KeyT']}
          toastOptions={{ style: { fontSize: '13px' } }}
        />
      </I18nextProvider>
    </QueryClientProvider>
  )
}
