/** The e-mail/password form, in sign-in or sign-up mode. */
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button.tsx'
import { signInWithEmail, signUpWithEmail } from './actions.ts'
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

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      const ok = mode === 'sign-up' ? await signUpWithEmail(queryClient, { name, email, password }) : await signInWithEmail(queryClient, { email, password })
      if (ok) navigate(redirect, { replace: true })
    } finally {
      setBusy(false)
    }
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
