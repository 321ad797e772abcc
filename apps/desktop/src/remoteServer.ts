/**
 * A remote server that does not answer (issue 13, "Bad input and faults"): the window still opens —
 * the web app's service worker serves the app and its offline-first store the entries kept on this
 * computer, with the offline banner, and the app's own reachability probe reconnects. What the shell
 * adds: it says so at launch, and while the window shows the browser's error page (the app was
 * never cached here), it loads the app again every few seconds until the server answers.
 */
import type { Cdp } from './cdp.ts'

export const RETRY_MS = 5_000

/** Whether the server answers at all (any HTTP status) within the timeout. */
export async function serverAnswers(url: string, timeoutMs = 3_000): Promise<boolean> {
  try {
    await fetch(new URL('/api/status/configs', url), { signal: AbortSignal.timeout(timeoutMs) })
    return true
  } catch {
    return false
  }
}

/** Reloads the app while the window is on the browser's error page and the server answers again; returns the stop. */
export function retryWhileUnreachable(cdp: Cdp, sessionId: string, url: string, intervalMs = RETRY_MS): () => void {
  let busy = false
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    void (async () => {
      const { result } = await cdp.send<{ result: { value?: string } }>('Runtime.evaluate', { expression: 'location.href', returnByValue: true }, sessionId)
      if (!String(result.value ?? '').startsWith('chrome-error:')) return
      if (await serverAnswers(url)) await cdp.send('Page.navigate', { url }, sessionId)
    })()
      .catch(() => {})
      .finally(() => (busy = false))
  }, intervalMs)
  return () => clearInterval(timer)
}
