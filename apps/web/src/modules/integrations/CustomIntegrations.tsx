/** Custom integrations: an HTTP request the server sends, or a URL (scheme) the app opens, both templated from the entry. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { Select } from '../../components/Select.tsx'
import type { IntegrationSettings } from './integrationsApi.ts'

type Stored = IntegrationSettings['customIntegration'][number]
type Draft = { id: string; name: string; enabled: boolean; type: 'http' | 'url'; method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; headers: { name: string; value?: string; hint?: string | null }[]; body: string }

const inputClass = 'h-8 w-full rounded-lg border border-zinc-200 bg-white px-2.5 text-[13px] outline-none focus:border-accent/60 dark:border-zinc-700 dark:bg-zinc-900'

function toDraft(s: Stored): Draft {
  return { ...s, headers: s.headers.map((h) => ({ name: h.name, hint: h.value.hint })) }
}

export function CustomIntegrations({ items, onSave, busy }: { items: Stored[]; onSave: (items: Draft[]) => void; busy: boolean }) {
  const { t } = useTranslation('integrations')
  const [drafts, setDrafts] = useState<Draft[]>(() => items.map(toDraft))
  const set = (i: number, patch: Partial<Draft>) => setDrafts(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)))
  return (
    <div className="flex flex-col gap-4 py-3">
      <p className="text-xs text-zinc-500">{t('templateHint')}</p>
      {drafts.map((d, i) => (
        <div key={d.id} className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid={`custom-integration-${i}`}>
          <div className="flex flex-wrap items-center gap-2">
            <input aria-label={t('customName')} placeholder={t('customName')} className={`${inputClass} max-w-56`} value={d.name} onChange={(e) => set(i, { name: e.target.value })} />
            <Select aria-label={t('customType')} value={d.type} onChange={(type) => set(i, { type })} options={[{ value: 'http', label: t('typeHttp') }, { value: 'url', label: t('typeUrl') }]} />
            {d.type === 'http' && <Select aria-label={t('customMethod')} value={d.method} onChange={(method) => set(i, { method })} options={(['POST', 'PUT', 'PATCH', 'GET'] as const).map((m) => ({ value: m, label: m }))} />}
            <label className="flex items-center gap-1 text-xs">
              <input type="checkbox" checked={d.enabled} onChange={(e) => set(i, { enabled: e.target.checked })} />
              {t('enabled')}
            </label>
            <Button size="sm" variant="ghost" onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}>
              {t('remove')}
            </Button>
          </div>
          <input aria-label={t('customUrl')} placeholder="https://example.com/save?url={{url}}" className={`${inputClass} font-mono`} value={d.url} onChange={(e) => set(i, { url: e.target.value })} />
          {d.type === 'http' && (
            <>
              {d.headers.map((h, k) => (
                <div key={k} className="flex gap-2">
                  <input aria-label={t('headerName')} placeholder={t('headerName')} className={inputClass} value={h.name} onChange={(e) => set(i, { headers: d.headers.map((x, m) => (m === k ? { ...x, name: e.target.value } : x)) })} />
                  <input
                    aria-label={t('headerValue')}
                    type="password"
                    placeholder={h.hint !== undefined ? t('secretSet', { hint: h.hint ?? '••••' }) : t('headerValue')}
                    className={inputClass}
                    value={h.value ?? ''}
                    onChange={(e) => set(i, { headers: d.headers.map((x, m) => (m === k ? { ...x, value: e.target.value } : x)) })}
                  />
                </div>
              ))}
              <div>
                <Button size="sm" variant="ghost" onClick={() => set(i, { headers: [...d.headers, { name: '' }] })}>
                  {t('addHeader')}
                </Button>
              </div>
              <textarea aria-label={t('customBody')} placeholder='{"title": "{{title}}", "url": "{{url}}"}' rows={3} className="rounded-lg border border-zinc-200 bg-white px-2.5 py-1.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900" value={d.body} onChange={(e) => set(i, { body: e.target.value })} />
            </>
          )}
        </div>
      ))}
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={() => setDrafts([...drafts, { id: crypto.randomUUID().slice(0, 8), name: '', enabled: true, type: 'http', method: 'POST', url: '', headers: [], body: '' }])}>
          {t('addCustom')}
        </Button>
        <Button size="sm" busy={busy} onClick={() => onSave(drafts.map(({ headers, ...d }) => ({ ...d, headers: headers.filter((h) => h.name).map((h) => (h.value ? { name: h.name, value: h.value } : { name: h.name })) })))}>
          {t('saveCustom')}
        </Button>
      </div>
    </div>
  )
}
