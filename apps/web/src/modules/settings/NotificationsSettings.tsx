/**
 * Settings → Notifications: permission for system notifications (platform module), Web Push for
 * this browser (on/off, a test push) and the feeds whose new entries notify (docs/notifications.md).
 */
import { useEffect, useMemo, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FeedViewType } from '@brook/shared'
import { api } from '../../api/client.ts'
import { Button } from '../../components/Button.tsx'
import { SettingRow, Switch } from '../../components/Switch.tsx'
import { useSubscriptions } from '../../store/index.ts'
import { currentPushSubscription, disablePush, enablePush, pushSupported } from '../../sw/pushSubscription.ts'
import { platform } from '../platform/platform.ts'
import { titleOf } from '../subscriptions/subscriptionActions.ts'
import { SettingsPage, SettingsSection } from './SettingsPage.tsx'

const FEEDS_KEY = ['api', 'messaging', 'feeds']

function PushSection() {
  const { t } = useTranslation('settings')
  const supported = pushSupported()
  const [subscribed, setSubscribed] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (supported) void currentPushSubscription().then((s) => setSubscribed(s !== null), () => setSubscribed(false))
  }, [supported])
  const toggle = async (on: boolean) => {
    setBusy(true)
    try {
      if (on) {
        if (!(await enablePush())) toast.error(t('notifications.failed'))
      } else {
        await disablePush()
      }
      setSubscribed((await currentPushSubscription()) !== null)
    } catch (error) {
      toast.error(t('notifications.failed'), { description: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }
  const test = async () => {
    const answer = await api.post('/messaging/test', { title: t('notifications.testTitle'), body: t('notifications.testBody') })
    toast.success(t('notifications.pushSent', { count: answer.sent }))
  }
  return (
    <SettingsSection title={t('notifications.push')}>
      <SettingRow label={t('notifications.push')} hint={supported ? t(subscribed ? 'notifications.on' : 'notifications.off') : t('notifications.unsupported')}>
        {supported && subscribed !== null && <Switch checked={subscribed} onCheckedChange={(on) => void toggle(on)} label={t(subscribed ? 'notifications.disable' : 'notifications.enable')} disabled={busy} />}
      </SettingRow>
      <p className="pb-2 text-[12px] text-zinc-500">{t('notifications.pushHint')}</p>
      {subscribed && (
        <div className="pb-3">
          <Button size="sm" variant="secondary" onClick={() => void test()}>
            {t('notifications.pushTest')}
          </Button>
        </div>
      )}
    </SettingsSection>
  )
}

function FeedsSection() {
  const { t } = useTranslation('settings')
  const client = useQueryClient()
  const subs = useSubscriptions()
  const chosen = useQuery({ queryKey: FEEDS_KEY, queryFn: () => api.get('/messaging/feeds'), staleTime: 0 })
  const on = new Set(chosen.data?.feedIds ?? [])
  const feeds = useMemo(
    () =>
      subs
        .filter((s) => s.feedId !== null)
        .map((s) => ({ feedId: s.feedId as string, title: titleOf(s), always: s.view === FeedViewType.Notifications }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    [subs],
  )
  const set = async (feedId: string, enabled: boolean) => {
    await api.put('/messaging/feeds', { feedId, enabled })
    await client.invalidateQueries({ queryKey: FEEDS_KEY })
  }
  return (
    <SettingsSection title={t('notifications.feeds')}>
      <p className="py-2 text-[12px] text-zinc-500">{t('notifications.feedsHint')}</p>
      {feeds.length === 0 && <p className="py-2 text-[13px] text-zinc-500">{t('notifications.noFeeds')}</p>}
      <ul className="flex flex-col" data-testid="notification-feeds">
        {feeds.map((f) => (
          <li key={f.feedId} className="flex items-center gap-3 py-1.5 text-[13px]">
            <span className="min-w-0 flex-1 truncate">{f.title}</span>
            <Switch checked={f.always || on.has(f.feedId)} disabled={f.always || !chosen.data} onCheckedChange={(v) => void set(f.feedId, v)} label={f.title} />
          </li>
        ))}
      </ul>
    </SettingsSection>
  )
}

export function NotificationsSettings() {
  const { t } = useTranslation('settings')
  const [permission, setPermission] = useState(platform().notificationPermission())
  return (
    <SettingsPage title={t('sections.notifications')} description={t('descriptions.notifications')} testId="settings-notifications">
      <SettingsSection title={t('notifications.system')}>
        <SettingRow label={t('notifications.permission')} hint={t(`notifications.state.${permission}`)}>
          {permission === 'default' && (
            <Button size="sm" variant="secondary" onClick={() => void platform().requestNotificationPermission().then(setPermission)}>
              {t('notifications.allow')}
            </Button>
          )}
          {permission === 'granted' && (
            <Button size="sm" variant="ghost" onClick={() => void platform().notify(t('notifications.testTitle'), { body: t('notifications.testBody') })}>
              {t('notifications.test')}
            </Button>
          )}
        </SettingRow>
      </SettingsSection>
      <PushSection />
      <FeedsSection />
    </SettingsPage>
  )
}
