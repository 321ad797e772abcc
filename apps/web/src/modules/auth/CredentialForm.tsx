/** The e-mail/password form, in sign-in or sign-up mode. */
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button.tsx'
import { sendTwoFactorEmailCode, signInWithEmail, signUpWithEmail, verifyTwoFactor } from './actions.ts'
import { TextField } from '../../components/TextField.tsx'

export type CredentialMode = 'sign-in' | 'sign-up'

export function CredentialForm({ mode, redirect }: { mode: CredentialMode; redirect: string }) {
  const { t } = useTranslation('auth')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [twoFactor, setTwoFactor] = useState(false)
  const [code, setCode] = useState('')
  // Where the second-step code comes from: the authenticator app (or a backup code), or an e-mail.
  const [codeSource, setCodeSource] = useState<'app' | 'email'>('app')
  const [sending, setSending] = useState(false)

  const emailCode = async () => {
    setSending(true)
    try {
      if (await sendTwoFactorEmailCode()) {
        setCodeSource('email')
        setCode('')
      }
    } finally {
      setSending(false)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      if (twoFactor) {
        if (await verifyTwoFactor(queryClient, code, codeSource)) navigate(redirect, { replace: true })
        return
      }
      const ok = mode === 'sign-up' ? await signUpWithEmail(queryClient, { name, email, password }) : await signInWithEmail(queryClient, { email, password })
      if (ok === 'two-factor') setTwoFactor(true)
      else if (ok) navigate(redirect, { replace: true })
    } finally {
      setBusy(false)
    }
  }

  if (twoFactor) {
    return (
      <form onSubmit={submit} className="mt-6 flex flex-col gap-4" aria-label={t('twoFactorTitle')}>
        <p className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="two-factor-hint" aria-live="polite">
          {codeSource === 'email' ? t('twoFactorEmailSent') : t('twoFactorHint')}
        </p>
        <TextField label={t('twoFactorCode')} name="code" autoComplete="one-time-code" inputMode={codeSource === 'email' ? 'numeric' : 'text'} value={code} onChange={setCode} autoFocus required />
        <Button type="submit" busy={busy} className="mt-2 w-full">
          {t('twoFactorVerify')}
        </Button>
        <div className="flex flex-wrap items-center justify-center gap-2">
          <Button variant="ghost" size="sm" busy={sending} onClick={() => void emailCode()} data-testid="two-factor-email">
            {sending ? t('twoFactorEmailSending') : codeSource === 'email' ? t('twoFactorEmailResend') : t('twoFactorEmail')}
          </Button>
          {codeSource === 'email' && (
            <Button variant="ghost" size="sm" onClick={() => setCodeSource('app')}>
              {t('twoFactorUseApp')}
            </Button>
          )}
        </div>
      </form>
    )
  }

  return (
    <form onSubmit={submit} className="mt-6 flex flex-col gap-4" aria-label={mode === 'sign-in' ? t('signIn') : t('signUp')}>
      {mode === 'sign-up' && (
        <TextField label={t('name')} name="name" autoComplete="name" placeholder={t('namePlaceholder')} value={name} onChange={setName} required />
      )}
      <TextField label={t('email')} name="email" type="email" autoComplete="email" placeholder={t('emailPlaceholder')} value={email} onChange={setEmail} required />
      <TextField
        label={t('password')}
        name="password"
        type="password"
        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
        placeholder={mode === 'sign-up' ? t('passwordPlaceholder') : undefined}
        minLength={mode === 'sign-up' ? 8 : undefined}
        value={password}
        onChange={setPassword}
        required
      />
      <Button type="submit" busy={busy} className="mt-2 w-full">
        {mode === 'sign-in' ? t('signIn') : t('signUp')}
      </Button>
    </form>
  )
}
