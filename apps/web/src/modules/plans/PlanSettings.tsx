/**
 * Settings → Plan: my plan (and its end), its limits with my usage, and how to move up
 * (an invitation code, a referral, the admin). The 11xx toast's "activate" button opens this page.
 */
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { api } from '../../api/client.ts'
import type { ApiData } from '../../api/types.ts'
import { SettingsPage, SettingsSection } from '../settings/SettingsPage.tsx'

type MyPlan = ApiData<'get', '/plans/me'>
type Limits = MyPlan['limits']

/** Bytes as people read them (MiB above a mebibyte). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

function LimitRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-center gap-4 py-2.5" data-testid={testId}>
      <span className="flex-1 text-[13px] text-zinc-700 dark:text-zinc-200">{label}</span>
      <span className="text-[13px] text-zinc-500 tabular-nums dark:text-zinc-400">{value}</span>
    </div>
  )
}

export function PlanSettings() {
  const { t, i18n } = useTranslation('instance')
  const { t: ts } = useTranslation('settings')
  const plan = useQuery({ queryKey: ['plans', 'me'], queryFn: () => api.get('/plans/me') })
  // Features the admin's flags turn off for me are not offered here.
  const rsshub = useFeatureFlag('rsshub')
  const invitationsOn = useFeatureFlag('invitations')
  const data = plan.data
  const capped = (used: number, limit: number | null) => (limit === null ? `${used} · ${t('plan.unlimited')}` : t('plan.usage', { used, limit }))
  const plain = (limit: number | null) => (limit === null ? t('plan.unlimited') : String(limit))
  const invitations = (l: Limits) =>
    `${l.invitationPeriodDays === 1 ? t('plan.perDay', { count: l.invitations }) : t('plan.perPeriod', { count: l.invitations, days: l.invitationPeriodDays })}${l.invitationOneUnused ? ` · ${t('plan.oneUnused')}` : ''}`

  return (
    <SettingsPage title={ts('sections.plan')} description={ts('descriptions.plan')} testId="settings-plan">
      {data && (
        <>
          <SettingsSection title={t('plan.current')}>
            <div className="flex items-baseline gap-3 py-3">
              <span className="text-base font-semibold" data-testid="plan-role">
                {t(`roles.${data.role}`)}
              </span>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">
                {data.roleEndAt ? t('plan.endsAt', { date: new Date(data.roleEndAt).toLocaleDateString(i18n.language) }) : t('plan.noEnd')}
              </span>
            </div>
          </SettingsSection>
          <SettingsSection title={t('plan.limits')}>
            <LimitRow label={t('plan.keys.feeds')} value={capped(data.usage.feeds, data.limits.feeds)} testId="plan-feeds" />
            <LimitRow label={t('plan.keys.lists')} value={capped(data.usage.lists, data.limits.lists)} />
            <LimitRow label={t('plan.keys.inboxes')} value={capped(data.usage.inboxes, data.limits.inboxes)} />
            <LimitRow label={t('plan.keys.aiTokensPerDay')} value={plain(data.limits.aiTokensPerDay)} />
            <LimitRow label={t('plan.keys.actions')} value={plain(data.limits.actions)} />
            {rsshub && <LimitRow label={t('plan.keys.rsshubInstances')} value={plain(data.limits.rsshubInstances)} />}
            <LimitRow label={t('plan.keys.uploadBytes')} value={formatBytes(data.limits.uploadBytes)} />
            {invitationsOn && <LimitRow label={t('plan.keys.invitations')} value={invitations(data.limits)} />}
          </SettingsSection>
          {data.role !== 'admin' && data.role !== 'pro' && (
            <SettingsSection title={t('plan.moveUp')}>
              {invitationsOn && (
                <div className="flex items-center gap-4 py-3" data-testid="plan-by-invitation">
                  <span className="flex-1 text-[13px] text-zinc-700 dark:text-zinc-200">{t('plan.byInvitation')}</span>
                  <Link to="/invitation" className="text-[13px] font-medium text-accent underline-offset-4 hover:underline">
                    {t('plan.enterCode')}
                  </Link>
                </div>
              )}
              <p className="py-3 text-[13px] text-zinc-700 dark:text-zinc-200">{t('plan.byAdmin')}</p>
            </SettingsSection>
          )}
        </>
      )}
    </SettingsPage>
  )
}
