/** Entry point: the local database and the first requests start, then styles, i18n and the app (once the starting language's strings are in). */
import './db/prewarm.ts'
import './app/boot.ts'
import './styles.css'
import { i18nReady } from './i18n/index.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from './modules/analytics/analytics.ts'

void i18nReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
  // SPEC §3 event 1003: the app started (held until the session and settings say whether to send).
  analytics.track(ANALYTICS_EVENTS.appInit)
})
