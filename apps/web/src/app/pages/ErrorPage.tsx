/**
 * The error page of SPEC §2: title, message, Reset Local Database, Reload, Submit Issue with
 * the environment block. A stale chunk after a deploy reloads once per session by itself.
 */
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { Button } from '../../components/Button.tsx'
import { AlertIcon, Logo } from '../../components/icons.tsx'
import { reloadPage } from '../../lib/pageReload.ts'
import { readSession, StorageKeys, writeSession } from '../../lib/storage.ts'
import { resetLocalDatabase } from '../../sync/dataControl.ts'
import { collectEnvironment, issueLink } from '../issueReport.ts'
import { NotFoundPage } from './NotFoundPage.tsx'

const STALE_CHUNK_PREFIX = 'Failed to fetch dynamically imported module'

/** Turns anything thrown into a message and an optional stack. */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack }
  if (isRouteErrorResponse(error)) return { message: `${error.status} ${error.statusText}`.trim() }
  if (typeof error === 'string') return { message: error }
  try {
    return { message: JSON.stringify(error) ?? String(error) }
  } catch {
    return { message: String(error) }
  }
}

/** True when the page should reload itself once: the app was updated under this tab. */
export function shouldAutoReload(message: string): boolean {
  return message.startsWith(STALE_CHUNK_PREFIX) && readSession(StorageKeys.reloadOnce) === null
}

export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const described = useMemo(() => describeError(error), [error])
  const message = described.message || t('errorPage.unknown')
  const [reloading] = useState(() => shouldAutoReload(message))
  const [resetting, setResetting] = useState(false)
  const link = useMemo(() => issueLink({ message, stack: described.stack }, collectEnvironment(error)), [message, described.stack, error])

  useEffect(() => {
    if (!reloading) return
    writeSession(StorageKeys.reloadOnce, '1')
    reloadPage()
  }, [reloading])

  const reset = async () => {
    setResetting(true)
    // The local database (OPFS), the persisted queries and every brook: key; then back to /.
    await resetLocalDatabase()
  }

  return (
    <div role="alert" className="flex min-h-full items-center justify-center bg-zinc-50 px-6 py-16 dark:bg-zinc-950">
      <div className="w-full max-w-lg">
        <div className="mb-8 flex items-center gap-2.5 text-zinc-500 dark:text-zinc-400">
          <Logo size={24} />
          <span className="text-sm font-medium">{t('appName')}</span>
        </div>
        <div className="rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
            <AlertIcon size={22} />
          </div>
          <h1 className="text-lg font-semibold tracking-tight">{t('errorPage.title')}</h1>
          <pre
            data-testid="error-message"
            className="mt-4 max-h-48 overflow-auto rounded-lg bg-zinc-100 px-4 py-3 font-mono text-[13px] leading-relaxed whitespace-pre-wrap break-words text-zinc-700 dark:bg-zinc-800/70 dark:text-zinc-300"
          >
            {message}
          </pre>
          {reloading ? (
            <p className="mt-4 text-sm text-zinc-500">{t('errorPage.reloading')}</p>
          ) : (
            <p className="mt-4 text-sm leading-relaxed text-zinc-500 dark:text-zinc-400">{t('errorPage.hint')}</p>
          )}
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <Button variant="secondary" busy={resetting} onClick={reset}>
              {t('errorPage.resetDatabase')}
            </Button>
            <Button onClick={reloadPage}>{t('errorPage.reload')}</Button>
            <a
              href={link}
              target="_blank"
              rel="noreferrer"
              className="ml-auto text-sm font-medium text-zinc-500 underline-offset-4 hover:text-zinc-800 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100"
            >
              {t('errorPage.submitIssue')}
            </a>
          </div>
        </div>
      </div>
    </div>
  )
}

/** The router's errorElement: a 404 response shows the not-found page, anything else the error page. */
export function RouteErrorPage() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return <ErrorView error={error} />
}
