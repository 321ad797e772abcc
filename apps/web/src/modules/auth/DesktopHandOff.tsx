/**
 * The browser's half of the desktop app's social sign-in (docs/desktop.md): `/login?provider=…&
 * desktopCallback=…` signs in with the provider, comes back here, and — once the user confirms —
 * sends a one-time token to the app's loopback callback, which signs the app window in.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { Logo } from '../../components/icons.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { env } from '../../env.ts'
import { useSessionStore } from '../../store/session.ts'
import { oneTimeToken, signInWithProvider } from './actions.ts'

/** Only the desktop app's own loopback callback (http on this computer, with a port) may receive a token. */
export function desktopCallbackOf(value: string | null): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]'
    return url.protocol === 'http:' && loopback && url.port !== '' && !url.username && !url.password ? url.toString() : null
  } catch {
    return null
  }
}

export function DesktopHandOff({ provider, callback, error }: { provider: string | null; callback: string; error: string | null }) {
  const { t } = useTranslation('auth')
  const status = useSessionStore((s) => s.status)
  const user = useSessionStore((s) => s.whoami)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    // Always through the provider, even when this browser is signed in already: the user chose it.
    if (!provider) return
    const back = `${env.webUrl}/login?desktopCallback=${encodeURIComponent(callback)}`
    void signInWithProvider(provider, back, back)
  }, [provider, callback])

  const handBack = async () => {
    setBusy(true)
    const token = await oneTimeToken()
    if (!token) return setBusy(false)
    const target = new URL(callback)
    target.searchParams.set('token', token)
    window.location.assign(target.toString())
  }

  let body
  if (provider)
    body = (
      <p className="flex items-center justify-center gap-2 py-6 text-sm text-zinc-500">
        <Spinner size={16} />
        {t('redirecting', { provider })}
      </p>
    )
  else if (status === 'signed-in' && user)
    body = (
      <>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">{t('handOffSignedInAs', { name: user.name, email: user.email })}</p>
        <Button className="mt-6 w-full" busy={busy} onClick={() => void handBack()}>
          {t('handOffContinue')}
        </Button>
        <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">{t('handOffHint')}</p>
      </>
    )
  else if (status === 'signed-out')
    body = (
      <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
        {t('handOffFailed')}
        {error ? ` (${error})` : ''}
      </p>
    )
  else
    body = (
      <p className="flex items-center justify-center gap-2 py-6 text-sm text-zinc-500">
        <Spinner size={16} />
      </p>
    )

  return (
    <div className="flex min-h-full items-center justify-center bg-zinc-50 px-6 py-12 dark:bg-zinc-950">
      <div className="w-full max-w-sm rounded-2xl border border-zinc-200/80 bg-white/90 p-7 text-center shadow-xl shadow-zinc-900/5 dark:border-zinc-800 dark:bg-zinc-900/80" data-testid="desktop-hand-off">
        <div className="mb-4 flex justify-center">
          <Logo size={40} />
        </div>
        <h1 className="text-xl font-semibold tracking-tight">{t('handOffTitle')}</h1>
        {body}
      </div>
    </div>
  )
}
