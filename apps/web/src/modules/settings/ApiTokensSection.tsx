/** Settings → Data Control → API: API tokens (create, shown once; list; revoke) and the URLs to paste into Google Reader and Fever clients. */
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import type { ApiData } from '../../api/types.ts'
import { Button } from '../../components/Button.tsx'
import { TextField } from '../../components/TextField.tsx'
import { formatFullTime } from '../timeline/formatTime.ts'
import { SettingsSection } from './SettingsPage.tsx'

type NewToken = ApiData<'post', '/tokens'>

const TOKENS_KEY = ['api', 'tokens']

export function ApiTokensSection() {
  const { t, i18n } = useTranslation('settings')
  const client = useQueryClient()
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: () => api.get('/tokens'), staleTime: 0 })
  const [name, setName] = useState('')
  const [created, setCreated] = useState<NewToken | null>(null)
  const [busy, setBusy] = useState(false)
  const origin = window.location.origin
  const refresh = () => void client.invalidateQueries({ queryKey: TOKENS_KEY })

  const create = async () => {
    if (!name.trim()) return
    setBusy(true)
    try {
      setCreated(await api.post('/tokens', { name: name.trim() }))
      setName('')
      refresh()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }
  const revoke = async (id: string) => {
    await api.delete('/tokens', { id })
    if (created?.id === id) setCreated(null)
    toast.success(t('data.api.revoked'))
    refresh()
  }

  return (
    <SettingsSection title={t('data.api.title')}>
      <div className="flex flex-col gap-3 py-2 text-[13px]" data-testid="api-tokens">
        <p className="text-zinc-600 dark:text-zinc-400">{t('data.api.hint')}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-zinc-500">{t('data.api.greaderUrl')}</dt>
          <dd>
            <code className="break-all select-all" data-testid="greader-url">{`${origin}/api/greader`}</code>
          </dd>
          <dt className="text-zinc-500">{t('data.api.feverUrl')}</dt>
          <dd>
            <code className="break-all select-all" data-testid="fever-url">{`${origin}/api/fever/`}</code>
          </dd>
        </dl>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            void create()
          }}
        >
          <TextField className="flex-1" label={t('data.api.name')} placeholder={t('data.api.namePlaceholder')} value={name} maxLength={100} onChange={setName} />
          <Button type="submit" size="sm" busy={busy} disabled={!name.trim()}>
            {t('data.api.create')}
          </Button>
        </form>
        {created && (
          <div role="status" className="rounded-lg border border-accent/30 bg-accent/5 p-3" data-testid="api-token-created">
            <div className="font-medium">{t('data.api.createdTitle', { name: created.name })}</div>
            <div className="mt-1 text-zinc-600 dark:text-zinc-400">{t('data.api.createdHint')}</div>
            <code className="mt-2 block break-all select-all" data-testid="api-token-value">
              {created.token}
            </code>
          </div>
        )}
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {(tokens.data ?? []).map((token) => (
            <li key={token.id} className="flex items-center gap-3 py-2.5" data-testid="api-token-row">
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">{token.name}</div>
                <div className="truncate text-[12px] text-zinc-500">
                  {token.lastUsedAt ? t('data.api.lastUsed', { time: formatFullTime(token.lastUsedAt, i18n.language), client: token.lastUsedClient ?? '—' }) : t('data.api.neverUsed')}
                </div>
              </div>
              <Button size="sm" variant="ghost" className="!text-red-600" aria-label={t('data.api.revokeNamed', { name: token.name })} onClick={() => void revoke(token.id)}>
                {t('data.api.revoke')}
              </Button>
            </li>
          ))}
          {tokens.data?.length === 0 && <li className="py-2.5 text-zinc-500">{t('data.api.none')}</li>}
        </ul>
      </div>
    </SettingsSection>
  )
}
