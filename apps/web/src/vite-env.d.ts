/// <reference types="vite/client" />

/** Build-time settings read by src/env.ts (all optional). */
interface ImportMetaEnv {
  /** Base of the JSON API, default `/api` (same origin). */
  readonly VITE_API_URL?: string
  /** Public address of the web app, default the page's origin. */
  readonly VITE_WEB_URL?: string
  /** Issue form the error page's "Submit Issue" opens. */
  readonly VITE_ISSUE_URL?: string
  /** `desktop` when built for the desktop shell. */
  readonly VITE_PLATFORM?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
