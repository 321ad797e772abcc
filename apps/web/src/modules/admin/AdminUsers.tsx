/** Admin → Accounts: search, each account's plan and its end, disable/enable. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { USER_ROLES, type UserRole } from '@brook/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import type { ApiData, ApiInput } from '../../api/types.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { Select } from '../../components/Select.tsx'
import { useSessionStore } from '../../store/session.ts'
import { SettingsSection } from '../settings/SettingsPage.tsx'

type AdminUser = ApiData<'get', '/admin/users'>['users'][number]
type Patch = ApiInput<'patch', '/admin/users/{id}'>

export function AdminUsers() {
  const { t } = useTranslation('instance')
  const me = useSessionStore((s) => s.whoami?.id)
  const queryClient = useQueryClient()
  const [q, setQ] = useState('')
  const users = useQuery({ queryKey: ['admin', 'users', q], queryFn: () => api.get('/admin/users', { q, limit: 50, offset: 0 }) })
  const update = useMutation({
    mutationFn: (patch: Patch) => api.patch('/admin/users/{id}', patch),
    onSuccess: async () => {
      toast.success(t('admin.saved'), { duration: 2000 })
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })
    },
    onError: (error) => toastError(error),
  })
  const roleOptions = USER_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))

  return (
    <SettingsSection title={t('admin.users')} hint={users.data ? t('admin.total', { count: users.data.total }) : undefined}>
      <div className="py-3">
        <input
          type="search"
          aria-label={t('admin.search')}
          placeholder={t('admin.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="h-8 w-full rounded-lg border border-zinc-200 bg-white px-2.5 text-[13px] outline-none focus:border-accent/60 focus:ring-2 focus:ring-accent/20 dark:border-zinc-700 dark:bg-zinc-900"
        />
      </div>
      {users.data?.users.map((user: AdminUser) => (
        <div key={user.id} className="flex items-center gap-3 py-2.5" data-testid="admin-user-row">
          <div className="min-w-0 flex-1">
            <p className="truncate text-[13px] font-medium text-zinc-800 dark:text-zinc-100">
              {user.name}
              {user.id === me && <span className="ml-1.5 text-xs font-normal text-zinc-500">({t('admin.you')})</span>}
              {user.disabled && <span className="ml-1.5 rounded bg-red-50 px-1.5 text-[11px] font-normal text-red-700 dark:bg-red-500/10 dark:text-red-300">{t('admin.disabled')}</span>}
            </p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
          </div>
          <Select<UserRole>
            aria-label={t('admin.role', { name: user.name })}
            value={user.role}
            options={roleOptions}
            disabled={user.id === me}
            onChange={(role) => update.mutate({ id: user.id, role })}
          />
          <input
            type="date"
            aria-label={t('admin.roleEndAt', { name: user.name })}
            value={user.roleEndAt ? user.roleEndAt.slice(0, 10) : ''}
            disabled={user.id === me}
            onChange={(e) => update.mutate({ id: user.id, roleEndAt: e.target.value ? new Date(`${e.target.value}T23:59:59Z`).toISOString() : null })}
            className="h-8 rounded-lg border border-zinc-200 bg-white px-2 text-[13px] dark:border-zinc-700 dark:bg-zinc-900"
          />
          <Button size="sm" variant="ghost" disabled={user.id === me} onClick={() => update.mutate({ id: user.id, disabled: !user.disabled })}>
            {user.disabled ? t('admin.enable') : t('admin.disable')}
          </Button>
        </div>
      ))}
    </SettingsSection>
  )
}
