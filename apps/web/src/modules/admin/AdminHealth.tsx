/** Admin → Instance health: the probes (PostgreSQL, Redis, job queue, RSSHub), checked on demand. */
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/client.ts'
import { isApiError } from '../../api/ApiError.ts'
import { Button } from '../../components/Button.tsx'
import { SettingRow } from '../../components/Switch.tsx'
import { SettingsSection } from '../settings/SettingsPage.tsx'

const PROBES = ['postgresql', 'redis', 'bullmq', 'rsshub'] as const
type Probe = (typeof PROBES)[number]
type State = { status: 'ok' | 'not_configured' | 'error'; latencyMs?: number; message?: string }

async function probe(name: Probe): Promise<State> {
  try {
    const path = `/probes/${name}` as const
    const data = await api.get(path)
    return { status: data.status, latencyMs: data.latencyMs, message: data.message }
  } catch (error) {
    // 503: configured but failing; the reason says why.
    return { status: 'error', message: isApiError(error) ? (error.reason ?? error.message) : String(error) }
  }
}

const TONE: Record<State['status'], string> = {
  ok: 'bg-emerald-500',
  not_configured: 'bg-zinc-400',
  error: 'bg-red-500',
}

export function AdminHealth() {
  const { t } = useTranslation('instance')
  const health = useQuery({ queryKey: ['admin', 'health'], queryFn: async () => Object.fromEntries(await Promise.all(PROBES.map(async (p) => [p, await probe(p)] as const))) as Record<Probe, State> })
  return (
    <SettingsSection title={t('admin.health')}>
      {PROBES.map((name) => {
        const state = health.data?.[name]
        return (
          <SettingRow key={name} label={t(`admin.probes.${name}`)} hint={state?.message}>
            {state && (
              <span className="flex items-center gap-2 text-[13px] text-zinc-700 dark:text-zinc-200" data-testid={`probe-${name}`}>
                <span aria-hidden className={`size-2 rounded-full ${TONE[state.status]}`} />
                {t(`admin.probeState.${state.status}`)}
                {state.latencyMs !== undefined && <span className="text-xs text-zinc-500 tabular-nums">{state.latencyMs} ms</span>}
              </span>
            )}
          </SettingRow>
        )
      })}
      <div className="flex justify-end py-3">
        <Button size="sm" variant="ghost" busy={health.isFetching} onClick={() => void health.refetch()}>
          {t('admin.recheck')}
        </Button>
      </div>
    </SettingsSection>
  )
}
