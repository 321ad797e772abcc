/**
 * Social sign-in from the app window (SPEC §2, docs/desktop.md): the provider's page opens in the
 * user's default browser (`<app>/login?provider=…&desktopCallback=…`), where the web login page
 * signs in and then hands a one-time token back to this loopback callback. The callback carries a
 * random state only this shell knows, so no other page can sign the window in; the window then
 * trades the token for its session (the web app's `modules/auth`).
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** How long a started sign-in waits for the browser. */
export const SIGN_IN_TIMEOUT_MS = 10 * 60_000
const PROVIDER = /^[a-z0-9][a-z0-9-]{0,31}$/

export interface SocialSignInOptions {
  /** The app's address (the local or remote server), whose /login page does the sign-in. */
  appUrl: string
  /** Opens an address in the user's default browser (openExternal). */
  open(url: string): void
  /** Brings the app window to the front once the browser has handed back. */
  focusWindow?(): void
  timeoutMs?: number
}

export interface SocialSignIn {
  /** Opens the provider's sign-in in the default browser; resolves with the one-time token the browser hands back. */
  start(provider: string): Promise<{ token: string }>
  /** The callback's address while a sign-in waits (tests), else null. */
  callbackUrl(): string | null
  close(): Promise<void>
}

const page = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font:16px system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;color:#18181b"><div style="max-width:28em;text-align:center"><h1 style="font-size:1.4em">${title}</h1><p>${text}</p></div></body>`

interface Pending {
  state: string
  resolve(token: string): void
  reject(error: Error): void
  timer: NodeJS.Timeout
}

export function createSocialSignIn(options: SocialSignInOptions): SocialSignIn {
  const timeoutMs = options.timeoutMs ?? SIGN_IN_TIMEOUT_MS
  /** The sign-in waiting for the browser: one at a time (a new one replaces it). */
  let pending: Pending | null = null
  let server: http.Server | null = null
  let port = 0

  const finish = () => {
    if (pending) clearTimeout(pending.timer)
    pending = null
    const s = server
    server = null
    s?.closeIdleConnections()
    s?.close()
  }

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const answer = (status: number, title: string, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', connection: 'close' })
      res.end(page(title, text))
    }
    if (req.method !== 'GET' || url.pathname !== '/sign-in') return answer(404, 'Not found', 'This address belongs to the Brook desktop app.')
    const state = url.searchParams.get('state') ?? ''
    const token = url.searchParams.get('token') ?? ''
    const expected = pending?.state ?? ''
    // Constant-time: the state is the only secret here.
    const matches = state.length === expected.length && expected.length > 0 && crypto.timingSafeEqual(Buffer.from(state), Buffer.from(expected))
    if (!pending || !matches) return answer(403, 'Not signed in', 'This sign-in was not started by the Brook app on this computer, or it has already finished. Start it again from the app window.')
    if (!/^[\w-]{16,256}$/.test(token)) return answer(400, 'Not signed in', 'The sign-in came back without its token. Start it again from the app window.')
    const current = pending
    pending = null
    clearTimeout(current.timer)
    current.resolve(token)
    options.focusWindow?.()
    answer(200, 'Signed in to Brook', 'You are signed in in the Brook app. You can close this tab and go back to the app.')
    // The callback's work is done: stop listening once this answer is out.
    res.once('finish', finish)
  }

  const listen = async () => {
    if (server) return
    const s = http.createServer(handle)
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject)
      // Loopback only, on a port the system picks: nothing outside this computer can reach it.
      s.listen(0, '127.0.0.1', () => resolve())
    })
    server = s
    port = (s.address() as AddressInfo).port
  }

  return {
    async start(provider) {
      if (!PROVIDER.test(String(provider))) throw new Error(`unknown sign-in provider ${String(provider)}`)
      pending?.reject(new Error('another sign-in was started'))
      if (pending) clearTimeout(pending.timer)
      pending = null
      await listen()
      const state = crypto.randomBytes(32).toString('base64url')
      const token = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (pending?.state === state) finish()
          reject(new Error('the sign-in in the browser did not finish in time'))
        }, timeoutMs)
        timer.unref()
        pending = { state, resolve, reject, timer }
      })
      const callback = `http://127.0.0.1:${port}/sign-in?state=${state}`
      const login = new URL('/login', options.appUrl)
      login.searchParams.set('provider', provider)
      login.searchParams.set('desktopCallback', callback)
      try {
        options.open(login.toString())
      } catch (error) {
        ;(pending as Pending | null)?.reject(error as Error)
        finish()
      }
      return { token: await token }
    },
    callbackUrl: () => (pending && server ? `http://127.0.0.1:${port}/sign-in?state=${pending.state}` : null),
    async close() {
      pending?.reject(new Error('the app is closing'))
      finish()
    },
  }
}
