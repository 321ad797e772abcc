/** Admin → Clean up: POST /api/admin/clean with a retention, then what went (docs/instance-admin.md). */
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { SettingsSection } from '../settings/SettingsPage.tsx'

export function AdminClean() {
  const { t } = useTranslation('instance')
  const [days, setDays] = useState('30')
  const valid = /^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= 36500
  const clean = useMutation({ mutationFn: () => api.post('/admin/clean', { retentionDays: Number(days) }), onError: (error) => toastError(error) })
  return (
    <SettingsSection title={t('admin.clean')}>
      <p className="pt-3 text-[13px] text-zinc-600 dark:text-zinc-300">{t('admin.cleanHint')}</p>
      <div className="flex items-center gap-3 py-3">
        <label className="flex flex-1 items-center gap-2 text-[13px] text-zinc-700 dark:text-zinc-200">
          {t('admin.cleanRetention')}
          <input
            type="number"
            min={1}
            max={36500}
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            className="w-20 rounded-md border border-zinc-300 bg-white px-2 py-1 text-right text-[13px] tabular-nums dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        <Button size="sm" variant="secondary" busy={clean.isPending} disabled={!valid} onClick={() => clean.mutate()}>
          {t('admin.cleanRun')}
        </Button>
      </div>
      {clean.data && (
        <p className="pb-3 text-[13px] text-zinc-600 dark:text-zinc-300" role="status" data-testid="admin-clean-result">
          {t('admin.cleanResult', clean.data)}
        </p>
      )}
    </SettingsSection>
  )
}
