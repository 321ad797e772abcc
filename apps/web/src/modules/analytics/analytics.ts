/** The app's analytics client: Brook's own endpoint (POST /analytics), on while the signed-in user's general sendAnonymousData is (docs/analytics.md). */
import { DEFAULT_GENERAL_SETTINGS } from '@brook/shared/settingsDefaults'
import { api } from '../../api/client.ts'
import { getClientId, getSessionId } from '../../lib/storage.ts'
import { useSettingsStore } from '../../store/entities/settings.ts'
import { useSessionStore } from '../../store/session.ts'
import { settingsPulled } from '../../sync/settingsQueue.ts'
import { createAnalyticsClient } from './analyticsClient.ts'

/**
 * Whether events may be sent: the user's sendAnonymousData (default off), once the session and
 * the general settings are known; null while they are still loading (right after start-up or
 * sign-in), so the first events of a visit are held rather than lost.
 */
function sendAnonymousData(): boolean | null {
  const session = useSessionStore.getState()
  if (session.whoami === null) return session.status === 'signed-out' ? false : null
  const settings = useSettingsStore.getState()
  const stored = settings.tabs.general.sendAnonymousData
  if (typeof stored === 'boolean') return stored
  // Never set: the default (off) once the server's settings are known.
  return settings.updated.general === null && !settingsPulled() ? null : DEFAULT_GENERAL_SETTINGS.sendAnonymousData
}

export const analytics = createAnalyticsClient({
  send: (body) => api.post('/analytics', body),
  enabled: sendAnonymousData,
  ids: () => ({ clientId: getClientId(), sessionId: getSessionId(), userId: useSessionStore.getState().whoami?.id ?? null }),
  userProperties: () => ({ language: document.documentElement.lang || null }),
})
