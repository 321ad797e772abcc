/** Admin → Registration: who may sign up (open, invitation only, closed). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { REGISTRATION_MODES, type RegistrationMode } from '@brook/shared'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { Select } from '../../components/Select.tsx'
import { SettingRow } from '../../components/Switch.tsx'
import { SettingsSection } from '../settings/SettingsPage.tsx'

export function AdminRegistration() {
  const { t } = useTranslation('instance')
  const queryClient = useQueryClient()
  const mode = useQuery({ queryKey: ['admin', 'registration'], queryFn: () => api.get('/admin/registration') })
  const save = useMutation({
    mutationFn: (next: RegistrationMode) => api.put('/admin/registration', { mode: next }),
    onSuccess: async () => {
      toast.success(t('admin.saved'), { duration: 2000 })
      await queryClient.invalidateQueries({ queryKey: ['admin', 'registration'] })
    },
    onError: (error) => toastError(error),
  })
  return (
    <SettingsSection title={t('admin.registration')}>
      <SettingRow label={t('admin.registrationMode')}>
        {mode.data && (
          <Select<RegistrationMode>
            aria-label={t('admin.registrationMode')}
            value={mode.data.mode}
            options={REGISTRATION_MODES.map((m) => ({ value: m, label: t(`admin.modes.${m}`) }))}
            onChange={(next) => save.mutate(next)}
          />
        )}
      </SettingRow>
    </SettingsSection>
  )
}
