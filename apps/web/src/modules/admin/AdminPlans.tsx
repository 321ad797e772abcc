/** Admin → Plan limits: one plan at a time, each number editable (empty = no limit), reset to defaults. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { USER_ROLES, type UserRole } from '@brook/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import type { ApiInput } from '../../api/types.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { Select } from '../../components/Select.tsx'
import { SettingRow } from '../../components/Switch.tsx'
import { SettingsSection } from '../settings/SettingsPage.tsx'

const NULLABLE = ['feeds', 'lists', 'inboxes', 'aiTokensPerDay', 'actions', 'rsshubInstances'] as const
const REQUIRED = ['uploadBytes', 'invitations'] as const
type Key = (typeof NULLABLE)[number] | (typeof REQUIRED)[number]
type PlanPatch = Omit<ApiInput<'put', '/admin/plans/{role}'>, 'role'>

export function AdminPlans() {
  const { t } = useTranslation('instance')
  const queryClient = useQueryClient()
  const [role, setRole] = useState<UserRole>('free')
  const [draft, setDraft] = useState<Partial<Record<Key, string>>>({})
  const plans = useQuery({ queryKey: ['plans'], queryFn: () => api.get('/plans') })
  const limits = plans.data?.plans.find((p) => p.role === role)?.limits
  const done = async () => {
    setDraft({})
    toast.success(t('admin.saved'), { duration: 2000 })
    await queryClient.invalidateQueries({ queryKey: ['plans'] })
  }
  const save = useMutation({ mutationFn: (patch: PlanPatch) => api.put('/admin/plans/{role}', { role, ...patch }), onSuccess: done, onError: (e) => toastError(e) })
  const reset = useMutation({ mutationFn: () => api.delete('/admin/plans/{role}', { role }), onSuccess: done, onError: (e) => toastError(e) })

  const shown = (key: Key) => draft[key] ?? (limits?.[key] === null || limits?.[key] === undefined ? '' : String(limits[key]))
  const submit = () => {
    const patch: PlanPatch = {}
    for (const key of NULLABLE) if (draft[key] !== undefined) patch[key] = draft[key] === '' ? null : Math.max(0, Math.floor(Number(draft[key])))
    for (const key of REQUIRED) if (draft[key] !== undefined && draft[key] !== '') patch[key] = Math.max(0, Math.floor(Number(draft[key])))
    save.mutate(patch)
  }

  return (
    <SettingsSection title={t('admin.plans')} hint={t('admin.emptyIsUnlimited')}>
      <SettingRow label={t('admin.planOf')}>
        <Select<UserRole>
          aria-label={t('admin.planOf')}
          value={role}
          options={USER_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          onChange={(next) => {
            setRole(next)
            setDraft({})
          }}
        />
      </SettingRow>
      {limits &&
        [...NULLABLE, ...REQUIRED].map((key) => (
          <SettingRow key={key} label={t(`plan.keys.${key}`)}>
            <input
              type="number"
              min={0}
              aria-label={t('admin.limitOf', { limit: t(`plan.keys.${key}`), plan: t(`roles.${role}`) })}
              placeholder={t('plan.unlimited')}
              value={shown(key)}
              onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              className="h-8 w-32 rounded-lg border border-zinc-200 bg-white px-2 text-right text-[13px] tabular-nums dark:border-zinc-700 dark:bg-zinc-900"
            />
          </SettingRow>
        ))}
      <div className="flex justify-end gap-2 py-3">
        <Button size="sm" variant="ghost" busy={reset.isPending} onClick={() => reset.mutate()}>
          {t('admin.resetPlan')}
        </Button>
        <Button size="sm" busy={save.isPending} disabled={Object.keys(draft).length === 0} onClick={submit}>
          {t('admin.savePlan')}
        </Button>
      </div>
    </SettingsSection>
  )
}
