/**
 * Admin → Feature flags → one flag's details: how many accounts have it on (rollout and
 * overrides over every account), the accounts set by hand (each can go back to the rollout), and
 * an account search to turn it on or off for one account whatever the rollout.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FeatureFlag } from '@brook/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { configsQuery } from '../inboxes/inboxConfig.ts'

const inputClass =
  'h-8 w-full rounded-lg border border-zinc-200 bg-white px-2.5 text-[13px] outline-none focus:border-accent/60 focus:ring-2 focus:ring-accent/20 dark:border-zinc-700 dark:bg-zinc-900'

export function AdminFlagDetails({ name }: { name: FeatureFlag }) {
  const { t } = useTranslation('instance')
  const queryClient = useQueryClient()
  const [q, setQ] = useState('')
  const stats = useQuery({ queryKey: ['admin', 'feature-flags', name, 'stats'], queryFn: () => api.get('/admin/feature-flags/{name}/stats', { name }) })
  const affected = useQuery({ queryKey: ['admin', 'feature-flags', name, 'affected'], queryFn: () => api.get('/admin/feature-flags/{name}/affected-users', { name }) })
  const found = useQuery({ queryKey: ['admin', 'users', q], queryFn: () => api.get('/admin/users', { q, limit: 5, offset: 0 }), enabled: q.trim().length > 0 })
  const refresh = async () => {
    toast.success(t('admin.saved'), { duration: 2000 })
    await queryClient.invalidateQueries({ queryKey: ['admin', 'feature-flags'] })
    await queryClient.invalidateQueries({ queryKey: configsQuery.queryKey })
  }
  const set = useMutation({
    mutationFn: ({ userId, enabled }: { userId: string; enabled: boolean }) => api.post('/admin/feature-flags/{name}/overrides', { name, userId, enabled }),
    onSuccess: async () => {
      setQ('')
      await refresh()
    },
    onError: (error) => toastError(error),
  })
  const remove = useMutation({
    mutationFn: (userId: string) => api.delete('/admin/feature-flags/{name}/overrides/{userId}', { name, userId }),
    onSuccess: refresh,
    onError: (error) => toastError(error),
  })
  const s = stats.data
  return (
    <div className="mb-3 space-y-3 rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800/40" data-testid="admin-flag-details" data-flag={name}>
      {s && (
        <p className="text-[13px] text-zinc-700 dark:text-zinc-200" data-testid="admin-flag-stats">
          {t('admin.flagStats', { enabled: s.enabledUsers, total: s.totalUsers, on: s.overridesOn, off: s.overridesOff })}
        </p>
      )}
      {name === 'registration' && <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('admin.flagRegistrationHint')}</p>}
      <div>
        <p className="mb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">{t('admin.flagAffected')}</p>
        {affected.data?.length === 0 && <p className="text-[13px] text-zinc-500">{t('admin.flagAffectedNone')}</p>}
        <ul>
          {affected.data?.map((user) => (
            <li key={user.userId} className="flex items-center gap-3 py-1.5" data-testid="admin-flag-affected">
              <span className="min-w-0 flex-1 truncate text-[13px] text-zinc-800 dark:text-zinc-100">
                {user.name} <span className="text-xs text-zinc-500">{user.email}</span>
              </span>
              <span className={`rounded px-1.5 text-[11px] ${user.enabled ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300' : 'bg-zinc-200 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200'}`}>
                {user.enabled ? t('admin.flagOverrideOn') : t('admin.flagOverrideOff')}
              </span>
              <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(user.userId)}>
                {t('admin.flagOverrideRemove')}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <input type="search" aria-label={t('admin.flagOverrideFind')} placeholder={t('admin.flagOverrideFind')} value={q} onChange={(e) => setQ(e.target.value)} className={inputClass} />
        <ul>
          {q.trim() &&
            found.data?.users.map((user) => (
              <li key={user.id} className="flex items-center gap-2 py-1.5" data-testid="admin-flag-candidate">
                <span className="min-w-0 flex-1 truncate text-[13px] text-zinc-800 dark:text-zinc-100">
                  {user.name} <span className="text-xs text-zinc-500">{user.email}</span>
                </span>
                <Button variant="ghost" size="sm" aria-label={t('admin.flagOverrideTurnOn', { name: user.name })} disabled={set.isPending} onClick={() => set.mutate({ userId: user.id, enabled: true })}>
                  {t('admin.flagOverrideOn')}
                </Button>
                <Button variant="ghost" size="sm" aria-label={t('admin.flagOverrideTurnOff', { name: user.name })} disabled={set.isPending} onClick={() => set.mutate({ userId: user.id, enabled: false })}>
                  {t('admin.flagOverrideOff')}
                </Button>
              </li>
            ))}
        </ul>
      </div>
    </div>
  )
}
