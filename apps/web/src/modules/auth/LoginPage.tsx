/**
 * /login: credential sign-in and sign-up on one page. Signed-in users go on to where they
 * were headed; `?provider=` starts a social sign-in handed off by the desktop app.
 * /register: the same page opened on sign-up; `?ref=CODE` (a referral link) is kept in local
 * storage and sent with auth calls as X-Referral-Code (SPEC §3, §7).
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { normalizeReferralCode, REFERRAL_TRIAL_DAYS } from '@brook/shared'
import { readLocal, removeLocal, StorageKeys, writeLocal } from '../../lib/storage.ts'
import { referralChanged, subscribeReferral } from './referral.ts'
import { Logo } from '../../components/icons.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { env } from '../../env.ts'
import { useSessionStore } from '../../store/session.ts'
import { Splash } from '../../app/layouts/AuthGate.tsx'
import { signInWithProvider } from './actions.ts'
import { CredentialForm, type CredentialMode } from './CredentialForm.tsx'
import { DesktopHandOff, desktopCallbackOf } from './DesktopHandOff.tsx'
import { SocialSignIn } from './SocialSignIn.tsx'
import { useSessionQuery } from './session.ts'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'

/** Only same-app paths are followed after sign-in. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return '/'
  return value
}

/** /register: sign-up first; a referral link's code is kept for the sign-up. */
export function RegisterPage() {
  const [params] = useSearchParams()
  const ref = params.get('ref')
  const [stored] = useState(() => {
    const code = ref ? normalizeReferralCode(ref) : null
    if (code) writeLocal(StorageKeys.referralCode, code)
    return true
  })
  return stored && <LoginPage initialMode="sign-up" />
}

/** The stored referral code and a way to drop it, shown above the sign-up form. */
function ReferralBanner() {
  const { t } = useTranslation('auth')
  const code = useSyncExternalStore(subscribeReferral, () => readLocal(StorageKeys.referralCode))
  if (!code) return null
  return (
    <p role="status" data-testid="referral-banner" className="mt-4 rounded-lg bg-accent/10 px-3 py-2 text-[13px] text-zinc-700 dark:text-zinc-200">
      {t('referralBanner', { code, days: REFERRAL_TRIAL_DAYS })}{' '}
      <button
        type="button"
        className="font-medium text-accent underline-offset-4 hover:underline"
        onClick={() => {
          removeLocal(StorageKeys.referralCode)
          referralChanged()
        }}
      >
        {t('referralRemove')}
      </button>
    </p>
  )
}

export function LoginPage({ initialMode }: { initialMode?: CredentialMode } = {}) {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const query = useSessionQuery()
  const status = useSessionStore((s) => s.status)
  const expired = useSessionStore((s) => s.sessionExpired)
  const [chosenMode, setMode] = useState<CredentialMode>(initialMode ?? (params.get('mode') === 'signup' ? 'sign-up' : 'sign-in'))
  // The admin's registration flag off: sign-in only (the server refuses sign-ups with 1004).
  const registration = useFeatureFlag('registration')
  const mode: CredentialMode = registration ? chosenMode : 'sign-in'
  const provider = params.get('provider')
  const redirect = safeRedirect(params.get('redirect'))
  // The desktop app's social sign-in, in the user's browser (docs/desktop.md).
  const desktopCallback = desktopCallbackOf(params.get('desktopCallback'))

  useEffect(() => {
    if (provider && !desktopCallback && status === 'signed-out') void signInWithProvider(provider, `${env.webUrl}/login`)
  }, [provider, desktopCallback, status])

  if (desktopCallback) return <DesktopHandOff provider={provider} callback={desktopCallback} error={params.get('error')} />
  if (status === 'signed-in') return <Navigate to={redirect} replace />
  if (status === 'unknown' && !query.isError) return <Splash />

  return (
    <div className="relative flex min-h-full items-center justify-center overflow-hidden bg-zinc-50 px-6 py-12 dark:bg-zinc-950">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-48 mx-auto h-96 max-w-3xl rounded-full bg-accent/15 blur-3xl dark:bg-accent/10"
      />
      <div className="relative w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <Logo size={44} />
          <p className="mt-4 text-sm text-zinc-500 dark:text-zinc-400">{t('tagline')}</p>
        </div>
        <div className="rounded-2xl border border-zinc-200/80 bg-white/90 p-7 shadow-xl shadow-zinc-900/5 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/80 dark:shadow-black/30">
          {provider ? (
            <div className="flex items-center justify-center gap-2 py-6 text-sm text-zinc-500">
              <Spinner size={16} />
              {t('redirecting', { provider })}
            </div>
          ) : (
            <>
              <h1 className="text-xl font-semibold tracking-tight">{mode === 'sign-in' ? t('signInTitle') : t('signUpTitle')}</h1>
              <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{mode === 'sign-in' ? t('signInSubtitle') : t('signUpSubtitle')}</p>
              {expired && mode === 'sign-in' && (
                <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-[13px] text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">
                  {t('common:session.expired')}
                </p>
              )}
              {params.get('deleted') === '1' && (
                <p role="status" className="mt-4 rounded-lg bg-zinc-100 px-3 py-2 text-[13px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200" data-testid="account-deleted">
                  {t('accountDeleted')}
                </p>
              )}
              {mode === 'sign-up' && <ReferralBanner />}
              <CredentialForm key={mode} mode={mode} redirect={redirect} />
              <SocialSignIn />
            </>
          )}
        </div>
        {!provider && !registration && (
          <p className="mt-6 text-center text-sm text-zinc-500 dark:text-zinc-400" data-testid="registration-off">
            {t('registrationOff')}
          </p>
        )}
        {!provider && registration && (
          <p className="mt-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
            {mode === 'sign-in' ? t('noAccount') : t('haveAccount')}{' '}
            <button
              type="button"
              onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
              className="font-medium text-accent underline-offset-4 hover:underline"
            >
              {mode === 'sign-in' ? t('toSignUp') : t('toSignIn')}
            </button>
          </p>
        )}
      </div>
    </div>
  )
}
