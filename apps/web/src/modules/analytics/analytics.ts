/** The app's analytics client: Brook's own endpoint (POST /analytics), on while the signed-in user's general sendAnonymousData is (docs/analytics.md). */
import { DEFAULT_GENERAL_SETTINGS } from '@brook/shared/settingsDefaults'
import { api } from '../../api/client.ts'
import { getClientId, getSessionId } from '../../lib/storage.ts'
import { useSettingsStore } from '../../store/entities/settings.ts'
import { useSessionStore } from '../../store/session.ts'
import { createAnalyticsClient } from './analyticsClient.ts'

/** sendAnonymousData as stored, else its default. */
function sendAnonymousData(): boolean {
  const stored = useSettingsStore.getState().tabs.general.sendAnonymousData
  return typeof stored === 'boolean' ? stored : DEFAULT_GENERAL_SETTINGS.sendAnonymousData
}

export const analytics = createAnalyticsClient({
  send: (body) => api.post('/analytics', body),
  enabled: () => useSessionStore.getState().whoami !== null && sendAnonymousData(),
  ids: () => ({ clientId: getClientId(), sessionId: getSessionId(), userId: useSessionStore.getState().whoami?.id ?? null }),
  userProperties: () => ({ language: document.documentElement.lang || null }),
})
