/** The account's signed-in sessions, with sign out for one or all others. */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/Button.tsx'
import { LaptopIcon } from '../../components/moreIcons.tsx'
import { authClient } from '../auth/authClient.ts'
import { formatFullTime } from '../timeline/formatTime.ts'

interface SessionRow {
  id: string
  token: string
  userAgent?: string | null
  ipAddress?: string | null
  createdAt: string | Date
  updatedAt: string | Date
}

function deviceOf(ua: string | null | undefined): string {
  if (!ua) return '—'
  const browser = /Edg\//.test(ua) ? 'Edge' : /Chrome\//.test(ua) ? 'Chrome' : /Firefox\//.test(ua) ? 'Firefox' : /Safari\//.test(ua) ? 'Safari' : 'Browser'
  const os = /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Linux/.test(ua) ? 'Linux' : ''
  return os ? `${browser} · ${os}` : browser
}

export function SessionsList() {
  const { t, i18n } = useTranslation('settings')
  const client = useQueryClient()
  const sessions = useQuery({
    queryKey: ['auth', 'sessions'],
    queryFn: async () => {
      const [{ data: list }, { data: current }] = await Promise.all([authClient.listSessions(), authClient.getSession()])
      return { list: (list ?? []) as SessionRow[], currentToken: current?.session.token ?? null }
    },
    staleTime: 0,
  })
  const refresh = () => void client.invalidateQueries({ queryKey: ['auth', 'sessions'] })
  const revoke = async (token: string) => {
    await authClient.revokeSession({ token })
    toast.success(t('profile.sessionRevoked'))
    refresh()
  }
  const revokeOthers = async () => {
    await authClient.revokeOtherSessions()
    toast.success(t('profile.othersRevoked'))
    refresh()
  }
  const list = sessions.data?.list ?? []
  return (
    <div className="py-2" data-testid="sessions">
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {list.map((s) => {
          const current = s.token === sessions.data?.currentToken
          return (
            <li key={s.id} className="flex items-center gap-3 py-2.5 text-[13px]">
              <LaptopIcon size={18} className="shrink-0 text-zinc-500" />
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">
                  {deviceOf(s.userAgent)} {current && <span className="ml-1 rounded-full bg-accent/10 px-1.5 py-0.5 text-[10px] font-semibold text-accent">{t('profile.thisDevice')}</span>}
                </div>
                <div className="truncate text-[12px] text-zinc-500">
                  {s.ipAddress ? `${s.ipAddress} · ` : ''}
                  {formatFullTime(new Date(s.updatedAt).toISOString(), i18n.language)}
                </div>
              </div>
              {!current && (
                <Button size="sm" variant="ghost" onClick={() => void revoke(s.token)}>
                  {t('profile.signOutSession')}
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      {list.length > 1 && (
        <div className="flex justify-end py-2">
          <Button size="sm" variant="secondary" onClick={() => void revokeOthers()}>
            {t('profile.signOutOthers')}
          </Button>
        </div>
      )}
    </div>
  )
}
