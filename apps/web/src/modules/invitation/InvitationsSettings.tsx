/** Settings → Invitations: how many codes I may create now, create one, my codes with who used them, copy. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { SettingsPage, SettingsSection } from '../settings/SettingsPage.tsx'

const KEY = ['invitations'] as const

export function InvitationsSettings() {
  const { t } = useTranslation('instance')
  const { t: ts } = useTranslation('settings')
  const queryClient = useQueryClient()
  const limitation = useQuery({ queryKey: [...KEY, 'limitation'], queryFn: () => api.get('/invitations/limitation') })
  const codes = useQuery({ queryKey: [...KEY, 'list'], queryFn: () => api.get('/invitations') })
  const create = useMutation({
    mutationFn: () => api.post('/invitations/new', {}),
    onSuccess: async () => {
      toast.success(t('invitations.created'))
      await queryClient.invalidateQueries({ queryKey: KEY })
    },
    onError: (error) => toastError(error),
  })
  const copy = (code: string) =>
    void navigator.clipboard?.writeText(code).then(
      () => toast.success(ts('common:toast.copied'), { duration: 2000 }),
      () => undefined,
    )

  return (
    <SettingsPage title={ts('sections.invitations')} description={t('invitations.howTo')} testId="settings-invitations">
      <SettingsSection title={ts('sections.invitations')}>
        <div className="flex items-center gap-4 py-3">
          <p className="flex-1 text-[13px] text-zinc-700 dark:text-zinc-200" data-testid="invitations-available">
            {t('invitations.available', { count: limitation.data ?? 0 })}
          </p>
          <Button size="sm" busy={create.isPending} disabled={!limitation.data} onClick={() => create.mutate()}>
            {t('invitations.create')}
          </Button>
        </div>
      </SettingsSection>
      <SettingsSection title={t('invitations.list')}>
        {codes.data && codes.data.length === 0 && <p className="py-3 text-[13px] text-zinc-500">{t('invitations.empty')}</p>}
        {codes.data?.map((invitation) => (
          <div key={invitation.code} className="flex items-center gap-4 py-2.5" data-testid="invitation-row">
            <code className="font-mono text-[13px] tracking-wider text-zinc-900 dark:text-zinc-100">{invitation.code}</code>
            <span className="min-w-0 flex-1 truncate text-xs text-zinc-500 dark:text-zinc-400">
              {invitation.usedAt ? (invitation.user ? t('invitations.usedBy', { name: invitation.user.name }) : t('invitations.usedByGone')) : t('invitations.unused')}
            </span>
            <span className="text-xs text-zinc-400 tabular-nums">{new Date(invitation.createdAt).toLocaleDateString()}</span>
            {!invitation.usedAt && (
              <Button size="sm" variant="ghost" aria-label={t('invitations.copy', { code: invitation.code })} onClick={() => copy(invitation.code)}>
                {t('invitations.copyButton')}
              </Button>
            )}
          </div>
        ))}
      </SettingsSection>
    </SettingsPage>
  )
}
