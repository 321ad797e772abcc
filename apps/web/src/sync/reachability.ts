/**
 * SPEC §4 connectivity: a request that got no answer while the browser says it is online marks
 * the app offline, and only a response marks it online again. While that lasts (the server, not
 * the network, is away) a cheap request every 15 s finds out when it is back, so the outbox and
 * the pulls resume by themselves.
 */
import { api } from '../api/client.ts'
import { useNetworkStore } from '../store/network.ts'

export const REACHABILITY_PROBE_MS = 15_000

export function startReachabilityProbe(intervalMs = REACHABILITY_PROBE_MS): () => void {
  const timer = setInterval(() => {
    const browserOnline = typeof navigator === 'undefined' || navigator.onLine !== false
    if (useNetworkStore.getState().online || !browserOnline) return
    // Any answer (even an error status) flips the store back to online inside the client.
    void api.get('/status/configs').catch(() => undefined)
  }, intervalMs)
  return () => clearInterval(timer)
}
