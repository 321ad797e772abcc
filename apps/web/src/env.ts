/**
 * The only reader of `import.meta.env` (ARCHITECTURE "One place reads configuration").
 * SPEC §5: the web URL must be a URL, the API URL is a string; both have defaults.
 */
import { APP_VERSION } from '@brook/shared'

function origin(): string {
  return typeof window !== 'undefined' && window.location ? window.location.origin : 'http://localhost'
}

function readWebUrl(raw: string | undefined): string {
  const value = raw && raw.length > 0 ? raw : origin()
  try {
    return new URL(value).toString().replace(/\/$/, '')
  } catch {
    throw new Error(`VITE_WEB_URL must be a URL, got "${value}"`)
  }
}

const raw = import.meta.env

/** Validated build-time configuration of the web app. */
export const env = {
  /** Vite mode: development, production, test. */
  mode: raw.MODE,
  dev: raw.DEV,
  /** Base of the JSON API; same origin by default (the server serves the app and the API). */
  apiUrl: typeof raw.VITE_API_URL === 'string' && raw.VITE_API_URL.length > 0 ? raw.VITE_API_URL.replace(/\/$/, '') : '/api',
  /** Public address of the web app. */
  webUrl: readWebUrl(raw.VITE_WEB_URL),
  /** Where "Submit Issue" on the error page leads. */
  issueUrl: raw.VITE_ISSUE_URL || 'https://github.com/brook-reader/brook/issues/new',
  appVersion: APP_VERSION,
  /**
   * `desktop` in the desktop app's window — the shell puts `window.brookDesktop` there before the
   * app's first script (docs/desktop.md) — or in a build made with VITE_PLATFORM=desktop; else `web`.
   * Sent as X-App-Platform (SPEC §7).
   */
  platform: raw.VITE_PLATFORM === 'desktop' || (typeof window !== 'undefined' && 'brookDesktop' in window) ? ('desktop' as const) : ('web' as const),
}

/** Absolute base of the better-auth endpoints (mounted at `${apiUrl}/auth`). */
export function authBaseUrl(): string {
  const api = env.apiUrl
  return /^https?:\/\//.test(api) ? `${api}/auth` : `${origin()}${api}/auth`
}
