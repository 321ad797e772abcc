/**
 * The social sign-in buttons of /login: the instance's providers (GET /api/auth/providers). In a
 * tab they go to the provider; in the desktop window the provider's page opens in the user's
 * default browser, which hands a one-time token back to the app (docs/desktop.md).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import { Button } from '../../components/Button.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { env } from '../../env.ts'
import { platform } from '../platform/platform.ts'
import { signInWithOneTimeToken, signInWithProvider } from './actions.ts'

export function SocialSignIn() {
  const { t } = useTranslation('auth')
  const queryClient = useQueryClient()
  const providers = useQuery({ queryKey: ['auth', 'providers'], queryFn: () => api.get('/auth/providers'), staleTime: 5 * 60_000 })
  /** The provider whose sign-in waits in the browser (desktop). */
  const [waiting, setWaiting] = useState<string | null>(null)
  const attempt = useRef(0)
  const social = (providers.data ?? []).filter((p) => p.type === 'social')
  if (social.length === 0) return null

  const start = async (provider: { id: string; name: string }) => {
    const inBrowser = platform().socialSignIn
    if (!inBrowser) return void signInWithProvider(provider.id, `${env.webUrl}/login`)
    const mine = ++attempt.current
    setWaiting(provider.name)
    try {
      const { token } = await inBrowser(provider.id)
      if (mine === attempt.current) await signInWithOneTimeToken(queryClient, token)
    } catch (error) {
      if (mine === attempt.current) toast.error((error as Error).message)
    } finally {
      if (mine === attempt.current) setWaiting(null)
    }
  }

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-zinc-400">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        {t('orContinueWith')}
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      {waiting ? (
        <div role="status" data-testid="social-sign-in-waiting" className="mt-4 rounded-lg bg-accent/10 px-3 py-3 text-[13px] text-zinc-700 dark:text-zinc-200">
          <p className="flex items-center gap-2 font-medium">
            <Spinner size={16} />
            {t('desktopWaiting', { provider: waiting })}
          </p>
          <p className="mt-1 text-zinc-500 dark:text-zinc-400">{t('desktopWaitingHint')}</p>
          <button
            type="button"
            className="mt-2 font-medium text-accent underline-offset-4 hover:underline"
            onClick={() => {
              attempt.current++
              setWaiting(null)
            }}
          >
            {t('desktopCancel')}
          </button>
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-2">
          {social.map((provider) => (
            <Button key={provider.id} variant="secondary" className="w-full" onClick={() => void start(provider)}>
              {t('continueWith', { provider: provider.name })}
            </Button>
          ))}
        </div>
      )}
    </div>
  )
}
