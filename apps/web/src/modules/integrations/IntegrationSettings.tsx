/**
 * Settings → Integration: per service an enable switch and its credentials (secrets are write-only:
 * the field shows whether one is set and its last four characters), plus custom HTTP / URL-scheme
 * integrations. Saved to the server (docs/integrations.md).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { Switch, SwitchRow } from '../../components/Switch.tsx'
import { platform } from '../platform/platform.ts'
import { SettingsPage, SettingsSection } from '../settings/SettingsPage.tsx'
import { CustomIntegrations } from './CustomIntegrations.tsx'
import { fetchIntegrations, integrationKeys, localCustomIntegration, patchIntegration, type IntegrationPatch, type IntegrationSettings as Settings } from './integrationsApi.ts'

type Field = { key: string; secret?: boolean }
const SERVICES: { service: Exclude<IntegrationPatch['service'], 'customIntegration'>; fields: Field[] }[] = [
  { service: 'readwise', fields: [{ key: 'token', secret: true }] },
  { service: 'instapaper', fields: [{ key: 'username' }, { key: 'password', secret: true }] },
  { service: 'readeck', fields: [{ key: 'baseUrl' }, { key: 'token', secret: true }] },
  { service: 'cubox', fields: [{ key: 'apiUrl', secret: true }] },
  { service: 'outline', fields: [{ key: 'baseUrl' }, { key: 'token', secret: true }, { key: 'collectionId' }] },
  { service: 'zotero', fields: [{ key: 'userId' }, { key: 'apiKey', secret: true }] },
  { service: 'qbittorrent', fields: [{ key: 'baseUrl' }, { key: 'username' }, { key: 'password', secret: true }] },
  { service: 'eagle', fields: [] },
  { service: 'obsidian', fields: [{ key: 'vault' }, { key: 'folder' }] },
]

const inputClass = 'h-8 w-full rounded-lg border border-zinc-200 bg-white px-2.5 text-[13px] outline-none focus:border-accent/60 focus:ring-2 focus:ring-accent/20 dark:border-zinc-700 dark:bg-zinc-900'

function ServiceCard({ service, fields, settings, onPatch, busy }: { service: string; fields: Field[]; settings: Record<string, unknown>; onPatch: (p: Record<string, unknown>) => void; busy: boolean }) {
  const { t } = useTranslation('integrations')
  const [draft, setDraft] = useState<Record<string, string>>({})
  const enabled = Boolean(settings.enabled)
  return (
    <div className="flex flex-col gap-3 py-3" data-testid={`integration-settings-${service}`}>
      <div className="flex items-center justify-between gap-4">
        <div>
          <p className="text-[13px] font-medium">{t(`names.${service}`)}</p>
          <p className="text-xs text-zinc-500">{t(`hints.${service}`)}</p>
        </div>
        <Switch checked={enabled} onCheckedChange={(on) => onPatch({ enabled: on })} label={t('enable', { name: t(`names.${service}`) })} />
      </div>
      {fields.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-2">
          {fields.map((f) => {
            const state = settings[f.key] as { set: boolean; hint: string | null } | string | undefined
            const placeholder = f.secret && typeof state === 'object' && state?.set ? t('secretSet', { hint: state.hint ?? '••••' }) : ''
            return (
              <label key={f.key} className="flex flex-col gap-1 text-xs text-zinc-600 dark:text-zinc-300">
                {t(`fields.${f.key}`)}
                <input
                  type={f.secret ? 'password' : 'text'}
                  autoComplete="off"
                  className={inputClass}
                  placeholder={placeholder}
                  value={draft[f.key] ?? (typeof state === 'string' ? state : '')}
                  onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
                />
              </label>
            )
          })}
          <div className="flex items-end">
            <Button
              size="sm"
              variant="secondary"
              busy={busy}
              disabled={Object.keys(draft).length === 0}
              onClick={() => {
                onPatch(draft)
                setDraft({})
              }}
            >
              {t('save')}
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}

export function IntegrationSettings() {
  const { t } = useTranslation('settings')
  const { t: ti } = useTranslation('integrations')
  const client = useQueryClient()
  const query = useQuery({ queryKey: integrationKeys.settings, queryFn: fetchIntegrations })
  const patch = useMutation({
    mutationFn: patchIntegration,
    onSuccess: (data: Settings) => {
      client.setQueryData(integrationKeys.settings, data)
      toast.success(ti('saved'))
    },
    onError: toastError,
  })
  // Desktop (SPEC §3): this computer may keep its own list, which then overrides the synced one.
  const desktop = platform().kind === 'desktop'
  const local = useQuery({ queryKey: [...integrationKeys.settings, 'desktop'], queryFn: localCustomIntegration, enabled: desktop })
  const localOn = desktop && Array.isArray(local.data)
  const saveLocal = async (items: Settings['customIntegration'] | null) => {
    try {
      await platform().setCustomIntegration?.(items)
      await Promise.all([client.invalidateQueries({ queryKey: integrationKeys.settings })])
      toast.success(ti('saved'))
    } catch (error) {
      toastError(error)
    }
  }
  const data = query.data
  return (
    <SettingsPage title={t('sections.integration')} description={ti('intro')} testId="settings-integration">
      {data && (
        <>
          <SettingsSection title={ti('services')}>
            {SERVICES.map(({ service, fields }) => (
              <ServiceCard key={service} service={service} fields={fields} settings={data[service] as Record<string, unknown>} busy={patch.isPending} onPatch={(p) => patch.mutate({ service, ...p } as IntegrationPatch)} />
            ))}
          </SettingsSection>
          <SettingsSection title={ti('custom')}>
            {desktop && <SwitchRow label={ti('desktopOwnList')} hint={ti('desktopOwnListHint')} checked={localOn} onChange={(on) => void saveLocal(on ? data.customIntegration : null)} />}
            <CustomIntegrations
              // The form keeps its own drafts: start it again when the list it shows changes, whichever
              // of the two queries (the list, whether this computer keeps its own) answers last.
              key={`${localOn ? 'desktop' : 'synced'}-${query.dataUpdatedAt}`}
              items={data.customIntegration}
              busy={patch.isPending}
              onSave={(items) =>
                localOn
                  ? void saveLocal(items.map((item) => ({ ...item, headers: item.headers.map((h) => ({ name: h.name, value: { set: h.value !== undefined || h.hint !== undefined, hint: h.hint ?? null } })) })))
                  : patch.mutate({ service: 'customIntegration', items })
              }
            />
          </SettingsSection>
        </>
      )}
    </SettingsPage>
  )
}
