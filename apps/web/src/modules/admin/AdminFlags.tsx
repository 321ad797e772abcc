/** Admin → Feature flags: each flag on or off, with the share of accounts it is on for (a stable per-account rollout); its details (stats, accounts set by hand) open below it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import type { ApiData } from '../../api/types.ts'
import { toastError } from '../../api/toastError.ts'
import { Switch } from '../../components/Switch.tsx'
import { ChevronDownIcon } from '../../components/moreIcons.tsx'
import { SettingsSection } from '../settings/SettingsPage.tsx'
import { configsQuery } from '../inboxes/inboxConfig.ts'
import { AdminFlagDetails } from './AdminFlagDetails.tsx'

type Flag = ApiData<'get', '/admin/feature-flags'>[number]
const KEY = ['admin', 'feature-flags'] as const

function FlagRow({ flag, onSave }: { flag: Flag; onSave: (next: { enabled: boolean; percentage: number }) => void }) {
  const { t } = useTranslation('instance')
  const name = t(`admin.flagNames.${flag.name}`)
  const [percentage, setPercentage] = useState(String(flag.percentage))
  const [open, setOpen] = useState(false)
  useEffect(() => setPercentage(String(flag.percentage)), [flag.percentage])
  const commit = () => {
    const n = Number(percentage)
    if (!Number.isInteger(n) || n < 0 || n > 100) return setPercentage(String(flag.percentage))
    if (n !== flag.percentage) onSave({ enabled: flag.enabled, percentage: n })
  }
  return (
    <div data-testid="admin-flag-row" data-flag={flag.name}>
    <div className="flex items-center gap-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-[13px] font-medium text-zinc-800 dark:text-zinc-100">{name}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          <code className="font-mono">{flag.name}</code>
          {flag.overrides > 0 && ` · ${t('admin.flagOverrides', { count: flag.overrides })}`}
        </p>
      </div>
      <label className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
        <input
          type="number"
          min={0}
          max={100}
          step={1}
          inputMode="numeric"
          aria-label={t('admin.flagRollout', { name })}
          disabled={!flag.enabled}
          value={percentage}
          onChange={(event) => setPercentage(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
          className="w-16 rounded-md border border-zinc-300 bg-white px-2 py-1 text-right text-[13px] text-zinc-800 tabular-nums disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
        %
      </label>
      <Switch checked={flag.enabled} onCheckedChange={(enabled) => onSave({ enabled, percentage: flag.percentage })} label={t('admin.flagToggle', { name })} />
      <button
        type="button"
        aria-expanded={open}
        aria-label={t('admin.flagDetails', { name })}
        onClick={() => setOpen(!open)}
        className="inline-flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-900/5 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-white/10 dark:hover:text-zinc-100"
      >
        <ChevronDownIcon size={16} className={open ? 'rotate-180' : ''} />
      </button>
    </div>
    {open && <AdminFlagDetails name={flag.name} />}
    </div>
  )
}

export function AdminFlags() {
  const { t } = useTranslation('instance')
  const queryClient = useQueryClient()
  const flags = useQuery({ queryKey: KEY, queryFn: () => api.get('/admin/feature-flags') })
  const save = useMutation({
    mutationFn: ({ name, ...body }: { name: Flag['name']; enabled: boolean; percentage: number }) => api.put('/admin/feature-flags/{name}', { name, ...body }),
    onSuccess: async () => {
      toast.success(t('admin.saved'), { duration: 2000 })
      await queryClient.invalidateQueries({ queryKey: KEY })
      // The flags as they apply to me arrive with the instance configuration.
      await queryClient.invalidateQueries({ queryKey: configsQuery.queryKey })
    },
    onError: (error) => toastError(error),
  })
  return (
    <SettingsSection title={t('admin.flags')}>
      <p className="pt-3 text-[13px] text-zinc-600 dark:text-zinc-300">{t('admin.flagsHint')}</p>
      {flags.data?.map((flag) => <FlagRow key={flag.name} flag={flag} onSave={(next) => save.mutate({ name: flag.name, ...next })} />)}
    </SettingsSection>
  )
}
