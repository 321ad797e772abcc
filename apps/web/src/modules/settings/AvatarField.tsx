/** The avatar of Settings → Profile: the picture, an upload button (checked here, then by the server) and remove. */
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { useQueryClient } from '@tanstack/react-query'
import { Button } from '../../components/Button.tsx'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { updateProfile } from '../../store/index.ts'
import type { SessionUser } from '../../store/session.ts'
import { Avatar } from '../auth/Avatar.tsx'
import { refreshSession } from '../auth/session.ts'

/** Types the server decodes (SPEC §5 "Avatar import: invalid file type" for anything else). */
const ACCEPTED = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

export function AvatarField({ user, name }: { user: SessionUser; name: string }) {
  const { t } = useTranslation('settings')
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const upload = async (file: File) => {
    if (!ACCEPTED.includes(file.type)) return void toast.error(t('profile.invalidFileType'))
    setBusy(true)
    try {
      const form = new FormData()
      form.append('file', file)
      await api.request('POST', '/upload/avatar', form)
      await refreshSession(queryClient)
      toast.success(t('profile.avatarUploaded'))
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="flex items-center gap-4">
      <Avatar name={name} email={user.email} image={user.image ?? null} size={64} />
      <div className="flex flex-col gap-1.5">
        <span className="text-[13px] font-medium text-zinc-700 dark:text-zinc-300">{t('profile.avatar')}</span>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" busy={busy} onClick={() => input.current?.click()}>
            {t('profile.avatarUpload')}
          </Button>
          {user.image ? (
            <Button size="sm" variant="ghost" onClick={() => void updateProfile({ image: null }).then(() => refreshSession(queryClient), toastError)}>
              {t('profile.avatarRemove')}
            </Button>
          ) : null}
        </div>
        <span className="text-[12px] text-zinc-500">{t('profile.avatarHint')}</span>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED.join(',')}
          className="hidden"
          data-testid="avatar-file"
          aria-label={t('profile.avatarUpload')}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void upload(file)
          }}
        />
      </div>
    </div>
  )
}
