/**
 * Settings → Referral: my link to share (`/register?ref=CODE`), what it gives (a 45-day Pro
 * Preview trial to whoever signs up by it, Pro Preview days to me), the days I earned and the
 * accounts that came by my link.
 */
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import { Button } from '../../components/Button.tsx'
import { Avatar } from '../auth/Avatar.tsx'
import { SettingsPage, SettingsSection } from '../settings/SettingsPage.tsx'

export function ReferralSettings() {
  const { t, i18n } = useTranslation('instance')
  const { t: ts } = useTranslation('settings')
  const referrals = useQuery({ queryKey: ['referrals'], queryFn: () => api.get('/referrals') })
  const data = referrals.data
  const link = data ? `${window.location.origin}${data.path}` : ''
  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => toast.success(ts('common:toast.copied'), { duration: 2000 }),
      () => undefined,
    )

  return (
    <SettingsPage title={ts('sections.referral')} description={ts('descriptions.referral')} testId="settings-referral">
      {data && (
        <>
          <SettingsSection title={t('referral.yourLink')}>
            <p className="pt-3 text-[13px] text-zinc-600 dark:text-zinc-300">{t('referral.howItWorks', { trialDays: data.trialDays, signupDays: data.signupDays })}</p>
            {data.receiptsAccepted && <p className="pt-1 text-[13px] text-zinc-600 dark:text-zinc-300">{t('referral.purchaseBonus', { count: data.purchaseDays })}</p>}
            <div className="flex items-center gap-3 py-3">
              <code className="min-w-0 flex-1 truncate rounded-md bg-zinc-100 px-2.5 py-1.5 font-mono text-[12.5px] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100" data-testid="referral-link">
                {link}
              </code>
              <Button size="sm" onClick={() => copy(link)}>
                {t('referral.copyLink')}
              </Button>
            </div>
            <div className="flex items-center gap-3 pb-3 text-[13px] text-zinc-500 dark:text-zinc-400">
              <span>{t('referral.code')}</span>
              <code className="font-mono tracking-wider text-zinc-900 dark:text-zinc-100" data-testid="referral-code">
                {data.code}
              </code>
              <Button size="sm" variant="ghost" aria-label={t('invitations.copy', { code: data.code })} onClick={() => copy(data.code)}>
                {t('invitations.copyButton')}
              </Button>
            </div>
          </SettingsSection>
          <SettingsSection title={t('referral.earned')}>
            <div className="flex items-baseline gap-3 py-3">
              <span className="text-base font-semibold tabular-nums" data-testid="referral-days">
                {t('referral.days', { count: data.days })}
              </span>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">{t('referral.daysDetail', { signUps: data.fromSignUps, purchases: data.fromPurchases })}</span>
            </div>
          </SettingsSection>
          <SettingsSection title={t('referral.referred')}>
            {data.referred.length === 0 && <p className="py-3 text-[13px] text-zinc-500">{t('referral.empty')}</p>}
            {data.referred.map((r, i) => (
              <div key={r.user?.id ?? i} className="flex items-center gap-3 py-2.5" data-testid="referral-row">
                {r.user ? <Avatar name={r.user.name} email="" image={r.user.image} size={24} /> : <span className="size-6 rounded-full bg-zinc-200 dark:bg-zinc-700" />}
                <span className="min-w-0 flex-1 truncate text-[13px] text-zinc-800 dark:text-zinc-100">{r.user ? r.user.name : t('referral.gone')}</span>
                {r.purchased && <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-[11px] text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">{t('referral.purchased')}</span>}
                <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{t('referral.days', { count: r.days })}</span>
                <span className="text-xs text-zinc-400 tabular-nums">{new Date(r.createdAt).toLocaleDateString(i18n.language)}</span>
              </div>
            ))}
          </SettingsSection>
        </>
      )}
    </SettingsPage>
  )
}
