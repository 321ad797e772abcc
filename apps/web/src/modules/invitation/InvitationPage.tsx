/**
 * /invitation: where a 400 with code 1003 sends the user (SPEC §2). Signed in, the code is used
 * at once (the plan becomes Pro Preview); signed out, it is kept on this device and sent with
 * the sign-up (X-Invitation-Code), which then starts on Pro Preview.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { Logo } from '../../components/icons.tsx'
import { TextField } from '../../components/TextField.tsx'
import { readLocal, StorageKeys, writeLocal } from '../../lib/storage.ts'
import { useSessionStore } from '../../store/session.ts'
import { refreshSession, useSessionQuery } from '../auth/session.ts'

export function InvitationPage() {
  const { t } = useTranslation('instance')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  useSessionQuery()
  const signedIn = useSessionStore((s) => s.status === 'signed-in')
  const [code, setCode] = useState(() => readLocal(StorageKeys.invitationCode) ?? '')
  const [busy, setBusy] = useState(false)
  // Signed in with the admin's invitations flag off for me: no code to use here (a visitor's code
  // still goes with their sign-up — that is the registration mode's).
  const invitations = useFeatureFlag('invitations')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const value = code.trim()
    if (!value) return
    if (!signedIn) {
      writeLocal(StorageKeys.invitationCode, value)
      navigate('/login?mode=signup')
      return
    }
    setBusy(true)
    try {
      const { role } = await api.post('/invitations/use', { code: value })
      await refreshSession(queryClient)
      toast.success(t('invitation.used', { plan: t(`roles.${role}`) }))
      navigate('/settings/plan')
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  if (signedIn && !invitations) return <Navigate to="/settings/plan" replace />
  return (
    <div className="flex min-h-full flex-1 items-center justify-center bg-zinc-50 px-6 py-12 dark:bg-zinc-950" data-testid="invitation-page">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Logo size={40} />
        </div>
        <div className="rounded-2xl border border-zinc-200/80 bg-white/90 p-7 shadow-xl shadow-zinc-900/5 dark:border-zinc-800 dark:bg-zinc-900/80">
          <h1 className="text-xl font-semibold tracking-tight">{t('invitation.title')}</h1>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{t('invitation.description')}</p>
          <form onSubmit={submit} className="mt-6 flex flex-col gap-4" aria-label={t('invitation.title')}>
            <TextField label={t('invitation.code')} name="invitation-code" autoComplete="off" spellCheck={false} maxLength={64} value={code} onChange={setCode} autoFocus required />
            {!signedIn && <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('invitation.signedOutHint')}</p>}
            <Button type="submit" busy={busy} className="w-full">
              {signedIn ? t('invitation.submit') : t('invitation.continueSignUp')}
            </Button>
          </form>
        </div>
      </div>
    </div>
  )
}
