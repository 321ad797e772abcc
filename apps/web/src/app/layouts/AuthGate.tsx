/** Lets signed-in users through; sends signed-out users to the sign-in page, remembering where they were. */
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Button } from '../../components/Button.tsx'
import { Logo } from '../../components/icons.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { useSessionQuery } from '../../modules/auth/session.ts'
import { useSessionStore } from '../../store/session.ts'
import { timelinePath } from '../../lib/routeParams.ts'

export function AuthGate() {
  const location = useLocation()
  const query = useSessionQuery()
  const status = useSessionStore((s) => s.status)
  const signedOutByUser = useSessionStore((s) => s.signedOutByUser)

  if (status === 'signed-in') return <Outlet />
  if (status === 'signed-out') {
    const here = location.pathname + location.search
    // The start page ('/' is sent to the default timeline before rendering) needs no way back.
    const home = here === '/' || here === timelinePath()
    const to = home || signedOutByUser ? '/login' : `/login?redirect=${encodeURIComponent(here)}`
    return <Navigate to={to} replace />
  }
  if (query.isError) return <SessionUnreachable onRetry={() => void query.refetch()} retrying={query.isFetching} />
  return <Splash />
}

/** The brief screen shown while the first session answer is on its way. */
export function Splash() {
  const { t } = useTranslation()
  return (
    <div className="flex h-full flex-col items-center justify-center gap-5 bg-zinc-50 dark:bg-zinc-950" aria-busy>
      <Logo size={40} />
      <div className="flex items-center gap-2 text-sm text-zinc-500">
        <Spinner size={16} />
        {t('session.checking')}
      </div>
    </div>
  )
}

function SessionUnreachable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="flex h-full flex-col items-center justify-center bg-zinc-50 px-6 text-center dark:bg-zinc-950">
      <Logo size={40} />
      <h1 className="mt-6 text-lg font-semibold">{t('session.unreachableTitle')}</h1>
      <p className="mt-2 max-w-sm text-sm text-zinc-500">{t('session.unreachableHint')}</p>
      <Button className="mt-6" busy={retrying} onClick={onRetry}>
        {t('session.retry')}
      </Button>
    </div>
  )
}
