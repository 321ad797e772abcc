/** Settings → Profile → Achievements: each with my progress; completed ones are received for their POWER reward. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { formatPower } from '@brook/shared'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import type { ApiInput } from '../../api/types.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { SettingsSection } from '../settings/SettingsPage.tsx'
import { achievementText } from './achievementText.ts'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'

const KEY = ['achievements'] as const
/** Achievements that count POWER use (daily claims, tips): not shown while the admin's power flag is off for me. */
const POWER_METRICS: ReadonlySet<string> = new Set(['claimStreak', 'tips'])

export function AchievementsSection() {
  const { t, i18n } = useTranslation('instance')
  const queryClient = useQueryClient()
  // The admin's power flag off for me: no amounts; a reward received then is paid later (rewardPending).
  const power = useFeatureFlag('power')
  // Recomputed when the page opens, so progress is current; the ones just completed get a toast.
  const list = useQuery({
    queryKey: KEY,
    queryFn: async () => {
      const { achievements, completed } = await api.post('/achievement/check', {})
      for (const id of completed) toast.success(t('achievements.unlocked', { title: achievementText(id, i18n.language).title }))
      return achievements
    },
  })
  const receive = useMutation({
    mutationFn: (id: ApiInput<'put', '/achievement'>['id']) => api.put('/achievement', { id }),
    onSuccess: async (a) => {
      const title = achievementText(a.id, i18n.language).title
      toast.success(a.rewardPending ? t('achievements.receivedPendingToast', { title }) : t('achievements.receivedToast', { title, amount: formatPower(a.reward) }))
      await queryClient.invalidateQueries({ queryKey: KEY })
      await queryClient.invalidateQueries({ queryKey: ['wallets'] })
    },
    onError: (error) => toastError(error),
  })

  return (
    <SettingsSection title={t('achievements.title')} id="achievements">
      {list.data?.filter((a) => power || !POWER_METRICS.has(a.metric)).map((a) => {
        const text = achievementText(a.id, i18n.language)
        return (
          <div key={a.id} className="flex items-center gap-4 py-2.5" data-testid="achievement-row" data-state={a.state}>
            <div className="min-w-0 flex-1">
              <p className="text-[13px] font-medium text-zinc-800 dark:text-zinc-100">{text.title}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                {text.description} · {t('achievements.progress', { progress: a.progress, target: a.target })}
                {power && ` · ${t('achievements.reward', { amount: formatPower(a.reward) })}`}
              </p>
            </div>
            {a.state === 'completed' && (
              <Button size="sm" busy={receive.isPending && receive.variables === a.id} onClick={() => receive.mutate(a.id)} aria-label={t('achievements.receiveNamed', { title: text.title })}>
                {t('achievements.receive')}
              </Button>
            )}
            {a.state === 'received' && !a.rewardPending && <span className="text-xs font-medium text-emerald-700 dark:text-emerald-400">{t('achievements.received')}</span>}
            {a.state === 'received' && a.rewardPending && (
              <span className="text-xs font-medium text-amber-700 dark:text-amber-300" title={t('achievements.rewardPendingHint')} data-testid="achievement-reward-pending">
                {t('achievements.rewardPending')}
              </span>
            )}
            {a.state === 'audit' && <span className="text-xs text-amber-700 dark:text-amber-300">{t('achievements.underAudit')}</span>}
          </div>
        )
      })}
    </SettingsSection>
  )
}
