/** The not-found page of SPEC §2: the desert sentence, the current path and Back to Home. */
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '../../components/Button.tsx'
import { DesertIcon, Logo } from '../../components/icons.tsx'

export function NotFoundPage() {
  const { t } = useTranslation()
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <div className="flex min-h-full flex-col items-center justify-center bg-zinc-50 px-6 py-16 text-center dark:bg-zinc-950">
      <div className="mb-10 flex items-center gap-2.5 text-zinc-500 dark:text-zinc-400">
        <Logo size={24} />
        <span className="text-sm font-medium">{t('appName')}</span>
      </div>
      <div className="mb-6 text-zinc-300 dark:text-zinc-700">
        <DesertIcon size={64} strokeWidth={1.25} />
      </div>
      <p className="max-w-md text-lg font-medium text-balance text-zinc-800 dark:text-zinc-200">{t('notFound.message')}</p>
      <p className="mt-4 text-sm text-zinc-500">
        <span className="mr-2">{t('notFound.path')}</span>
        <code data-testid="not-found-path" className="rounded-md bg-zinc-200/70 px-2 py-1 font-mono text-[13px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {location.pathname}
        </code>
      </p>
      <Button className="mt-8" onClick={() => navigate('/', { replace: true })}>
        {t('notFound.backHome')}
      </Button>
    </div>
  )
}
