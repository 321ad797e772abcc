/**
 * Two-factor authentication: enable with the password → scan the QR code (or type the secret)
 * → confirm with a code; backup codes shown once to keep; disable with the password. 4007/4008
 * errors are shown here, in the form, not as toasts (SPEC §8).
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { renderSVG } from 'uqr'
import { toast } from 'sonner'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { TextField } from '../../components/TextField.tsx'
import { authClient } from '../auth/authClient.ts'
import { refreshSession } from '../auth/session.ts'
import { copyText } from '../entry/clipboard.ts'

type Step = { kind: 'idle' } | { kind: 'scan'; uri: string; backupCodes: string[] } | { kind: 'codes'; backupCodes: string[] }

export function TwoFactorPanel({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('settings')
  const queryClient = useQueryClient()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const call = async <T,>(fn: () => Promise<{ data?: T | null; error?: { message?: string } | null }>): Promise<T | null> => {
    setBusy(true)
    setError(null)
    try {
      const { data, error } = await fn()
      if (error) {
        setError(error.message ?? t('profile.twoFactorFailed'))
        return null
      }
      return (data ?? null) as T | null
    } catch (e) {
      toastError(e)
      return null
    } finally {
      setBusy(false)
    }
  }

  const enable = async () => {
    const data = await call<{ totpURI?: string; backupCodes?: string[] }>(() => authClient.twoFactor.enable({ password }) as Promise<{ data?: { totpURI?: string; backupCodes?: string[] } | null; error?: { message?: string } | null }>)
    if (data?.totpURI) setStep({ kind: 'scan', uri: data.totpURI, backupCodes: data.backupCodes ?? [] })
  }
  const verify = async () => {
    if (step.kind !== 'scan') return
    const ok = await call(() => authClient.twoFactor.verifyTotp({ code: code.trim() }))
    if (ok !== null) {
      toast.success(t('profile.twoFactorEnabled'))
      setStep({ kind: 'codes', backupCodes: step.backupCodes })
      setPassword('')
      setCode('')
      await refreshSession(queryClient)
    }
  }
  const disable = async () => {
    const ok = await call(() => authClient.twoFactor.disable({ password }))
    if (ok !== null) {
      toast.success(t('profile.twoFactorDisabled'))
      setPassword('')
      setStep({ kind: 'idle' })
      await refreshSession(queryClient)
    }
  }
  const regenerate = async () => {
    const data = await call<{ backupCodes: string[] }>(() => authClient.twoFactor.generateBackupCodes({ password }))
    if (data) setStep({ kind: 'codes', backupCodes: data.backupCodes })
  }

  if (step.kind === 'scan') {
    const secret = new URL(step.uri).searchParams.get('secret') ?? ''
    return (
      <div className="flex flex-col gap-4 py-4" data-testid="two-factor-scan">
        <p className="text-[13px] text-zinc-600 dark:text-zinc-300">{t('profile.scanHint')}</p>
        <div className="flex items-center gap-5">
          <div className="size-40 shrink-0 rounded-lg bg-white p-2 [&_svg]:size-full" data-testid="two-factor-qr" dangerouslySetInnerHTML={{ __html: renderSVG(step.uri, { border: 1 }) }} />
          <div className="min-w-0 text-[12px] text-zinc-500">
            <p>{t('profile.secretHint')}</p>
            <code className="mt-1 block rounded bg-zinc-100 px-2 py-1 font-mono text-[12px] break-all text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">{secret}</code>
          </div>
        </div>
        <form className="flex items-end gap-2" onSubmit={(e) => (e.preventDefault(), void verify())}>
          <TextField className="flex-1" label={t('profile.code')} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required />
          <Button type="submit" busy={busy}>
            {t('profile.confirm')}
          </Button>
        </form>
        {error && <p role="alert" className="text-[12px] text-red-600">{error}</p>}
      </div>
    )
  }

  if (step.kind === 'codes') {
    return (
      <div className="flex flex-col gap-3 py-4" data-testid="two-factor-codes">
        <p className="text-[13px] text-zinc-600 dark:text-zinc-300">{t('profile.backupCodesHint')}</p>
        <ul className="grid grid-cols-2 gap-1.5 rounded-lg bg-zinc-50 p-3 font-mono text-[13px] dark:bg-zinc-800/50">
          {step.backupCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="secondary" onClick={() => void copyText(step.backupCodes.join('\n'))}>
            {t('profile.copyCodes')}
          </Button>
          <Button size="sm" onClick={() => setStep({ kind: 'idle' })}>
            {t('profile.done')}
          </Button>
        </div>
      </div>
    )
  }

  return (
    <form className="flex flex-col gap-3 py-4" data-testid="two-factor" onSubmit={(e) => (e.preventDefault(), void (enabled ? disable() : enable()))}>
      <div className="flex items-center gap-2 text-[13px]">
        <span className={`size-2 rounded-full ${enabled ? 'bg-green-500' : 'bg-zinc-300 dark:bg-zinc-600'}`} />
        {enabled ? t('profile.twoFactorOn') : t('profile.twoFactorOff')}
      </div>
      <div className="flex items-end gap-2">
        <TextField className="flex-1" label={t('profile.currentPassword')} type="password" autoComplete="current-password" value={password} onChange={setPassword} required />
        <Button type="submit" variant={enabled ? 'secondary' : 'primary'} busy={busy} data-testid="two-factor-toggle">
          {enabled ? t('profile.disableTwoFactor') : t('profile.enableTwoFactor')}
        </Button>
        {enabled && (
          <Button variant="ghost" disabled={!password || busy} onClick={() => void regenerate()}>
            {t('profile.newBackupCodes')}
          </Button>
        )}
      </div>
      {error && <p role="alert" className="text-[12px] text-red-600">{error}</p>}
    </form>
  )
}
