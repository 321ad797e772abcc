/** Admin → Analytics: how many times each SPEC §3 event was sent per UTC day, by people who share anonymous usage data (totals only; docs/analytics.md). */
import { ANALYTICS_EVENTS } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/client.ts'
import { SettingsSection } from '../settings/SettingsPage.tsx'

const NAMES = new Map<string, string>(Object.entries(ANALYTICS_EVENTS).map(([name, code]) => [String(code), name]))

export function AdminAnalytics() {
  const { t } = useTranslation('instance')
  const daily = useQuery({ queryKey: ['admin', 'analytics'], queryFn: () => api.get('/analytics', { days: 14 }) })
  const rows = daily.data ?? []
  return (
    <SettingsSection title={t('admin.analytics')} hint={t('admin.analyticsHint')}>
      {daily.isSuccess && rows.length === 0 && <p className="py-3 text-[13px] text-zinc-500">{t('admin.analyticsEmpty')}</p>}
      {rows.length > 0 && (
        <table className="my-2 w-full text-[13px]" data-testid="admin-analytics">
          <thead>
            <tr className="text-left text-[11px] text-zinc-500">
              <th className="py-1.5 font-medium">{t('admin.analyticsDay')}</th>
              <th className="py-1.5 font-medium">{t('admin.analyticsEvent')}</th>
              <th className="py-1.5 text-right font-medium">{t('admin.analyticsCount')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.day}-${r.event}`} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className="py-1.5 tabular-nums">{r.day}</td>
                <td className="py-1.5">
                  <span className="tabular-nums">{r.event}</span> <span className="text-zinc-500">{NAMES.get(r.event) ?? ''}</span>
                </td>
                <td className="py-1.5 text-right tabular-nums">{r.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SettingsSection>
  )
}
