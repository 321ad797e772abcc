/**
 * Settings → AI (SPEC §3 ai tab, issue 10): which provider answers (the instance's, the user's own
 * endpoint, or none — then summaries and the daily report use key sentences), usage today against
 * the budget, the user's own endpoint (the key is write-only: only its last four characters come
 * back), personalization, shortcuts, the chat panel's style, and the daily report's time zone.
 */
import type { AiSettings as Ai } from '@brook/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { Select } from '../../components/Select.tsx'
import { SettingRow, Switch, SwitchRow } from '../../components/Switch.tsx'
import { TextField } from '../../components/TextField.tsx'
import { updateSettings } from '../../store/index.ts'
import { SettingsPage, SettingsSection } from '../settings/SettingsPage.tsx'
import { useGeneralSettings } from '../settings/useSettingsValues.ts'
import { useAiSettings } from './useAiSettings.ts'

function timeZones(): string[] {
  try {
    return (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone')
  } catch {
    return ['UTC']
  }
}

function ProviderSection() {
  const { t, i18n } = useTranslation('ai')
  const queryClient = useQueryClient()
  const status = useQuery({ queryKey: ['ai', 'status'], queryFn: () => api.get('/ai/status') })
  const [form, setForm] = useState<{ baseUrl: string; model: string; apiKey: string } | null>(null)
  const s = status.data
  const fields = form ?? { baseUrl: s?.own?.baseUrl ?? '', model: s?.own?.model ?? '', apiKey: '' }
  const done = (data: unknown) => {
    queryClient.setQueryData(['ai', 'status'], data)
    setForm(null)
  }
  const save = useMutation({
    mutationFn: () => api.put('/ai/provider', { baseUrl: fields.baseUrl.trim(), model: fields.model.trim(), ...(fields.apiKey ? { apiKey: fields.apiKey } : {}) }),
    onSuccess: (data) => {
      done(data)
      toast.success(t('settings.saved'))
    },
    onError: toastError,
  })
  const remove = useMutation({ mutationFn: () => api.delete('/ai/provider'), onSuccess: done, onError: toastError })
  const n = new Intl.NumberFormat(i18n.language)
  return (
    <SettingsSection title={t('settings.provider')} hint={t('settings.providerHint')}>
      <div className="space-y-1.5 py-2 text-[13.5px]" data-testid="ai-provider-status" data-provider={s?.provider ?? ''}>
        <p>
          {s ? (s.provider === 'none' ? t('settings.none') : s.provider === 'own' ? t('settings.own', { model: s.model }) : t('settings.instance', { model: s.model })) : '…'}
        </p>
        {s && (
          <p className="text-zinc-500 dark:text-zinc-400" data-testid="ai-usage">
            {s.usage.budget === null ? t('settings.usageUnlimited', { used: n.format(s.usage.used) }) : t('settings.usage', { used: n.format(s.usage.used), budget: n.format(s.usage.budget) })}
          </p>
        )}
      </div>
      <form
        className="grid gap-3 py-2 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate()
        }}
      >
        <TextField label={t('settings.baseUrl')} placeholder="http://localhost:11434/v1" value={fields.baseUrl} onChange={(v) => setForm({ ...fields, baseUrl: v })} data-testid="ai-base-url" required />
        <TextField label={t('settings.model')} placeholder="llama3.1" value={fields.model} onChange={(v) => setForm({ ...fields, model: v })} data-testid="ai-model" required />
        <TextField label={t('settings.apiKey')} type="password" autoComplete="off" placeholder={s?.own?.apiKey ?? t('settings.apiKeyPlaceholder')} value={fields.apiKey} onChange={(v) => setForm({ ...fields, apiKey: v })} data-testid="ai-api-key" className="sm:col-span-2" />
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" size="sm" busy={save.isPending} disabled={!fields.baseUrl.trim() || !fields.model.trim()} data-testid="ai-provider-save">
            {t('settings.saveProvider')}
          </Button>
          {s?.own && (
            <Button variant="secondary" size="sm" busy={remove.isPending} onClick={() => remove.mutate()} data-testid="ai-provider-remove">
              {t('settings.removeProvider')}
            </Button>
          )}
        </div>
      </form>
    </SettingsSection>
  )
}

function ShortcutsSection({ ai }: { ai: Ai }) {
  const { t } = useTranslation('ai')
  const [name, setName] = useState('')
  const [prompt, setPrompt] = useState('')
  const [error, setError] = useState<string | null>(null)
  const set = (shortcuts: Ai['shortcuts']) => void updateSettings('ai', { shortcuts })
  return (
    <SettingsSection title={t('settings.shortcuts')} hint={t('settings.shortcutsHint')}>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="ai-shortcuts">
        {ai.shortcuts.map((s, i) => (
          <li key={`${s.name}-${i}`} className="flex items-center gap-3 py-2.5" data-testid="ai-shortcut-row">
            <div className="min-w-0 flex-1">
              <div className="text-[13.5px] font-medium">{s.name}</div>
              <div className="truncate text-[12.5px] text-zinc-500">{s.prompt}</div>
            </div>
            <Switch label={t('settings.enabled')} checked={s.enabled} onCheckedChange={(enabled) => set(ai.shortcuts.map((x, j) => (j === i ? { ...x, enabled } : x)))} />
            <Button variant="ghost" size="sm" onClick={() => set(ai.shortcuts.filter((_, j) => j !== i))}>
              {t('settings.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="grid gap-2 py-3"
        onSubmit={(e) => {
          e.preventDefault()
          // SPEC §5: both are required.
          if (!name.trim() || !prompt.trim()) {
            setError('Name and prompt are required')
            return
          }
          setError(null)
          set([...ai.shortcuts, { name: name.trim(), prompt: prompt.trim(), enabled: true }])
          setName('')
          setPrompt('')
        }}
      >
        <TextField label={t('settings.shortcutName')} value={name} onChange={setName} data-testid="ai-shortcut-name" maxLength={100} />
        <label className="flex flex-col gap-1.5 text-[13px] font-medium text-zinc-700 dark:text-zinc-300">
          {t('settings.shortcutPrompt')}
          <textarea value={prompt} onChange={(e) => setPrompt(e.target.value)} rows={3} maxLength={4000} className="rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm font-normal outline-none focus:border-accent dark:border-zinc-700 dark:bg-zinc-950" data-testid="ai-shortcut-prompt" />
        </label>
        {error && (
          <p role="alert" className="text-[13px] text-red-600" data-testid="ai-shortcut-error">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" size="sm" variant="secondary" data-testid="ai-shortcut-add">
            {t('settings.addShortcut')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  )
}

export function AiSettings() {
  const { t } = useTranslation('ai')
  const ai = useAiSettings()
  const general = useGeneralSettings()
  const [personalize, setPersonalize] = useState<string | null>(null)
  const zones = timeZones()
  const zone = (general as { timeZone?: string }).timeZone ?? 'UTC'
  return (
    <SettingsPage title={t('settings.title')} description={t('settings.description')} testId="settings-ai">
      <ProviderSection />
      <SettingsSection title={t('settings.personalize')} hint={t('settings.personalizeHint')}>
        <textarea
          value={personalize ?? ai.personalizePrompt}
          onChange={(e) => setPersonalize(e.target.value)}
          onBlur={() => {
            if (personalize !== null && personalize !== ai.personalizePrompt) void updateSettings('ai', { personalizePrompt: personalize })
            setPersonalize(null)
          }}
          rows={3}
          maxLength={4000}
          aria-label={t('settings.personalize')}
          className="my-2 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-accent dark:border-zinc-700 dark:bg-zinc-950"
          data-testid="ai-personalize"
        />
      </SettingsSection>
      <ShortcutsSection ai={ai} />
      <SettingsSection title={t('settings.chat')}>
        <SettingRow label={t('settings.panelStyle')} hint={t('settings.panelStyleHint')}>
          <Select aria-label={t('settings.panelStyle')} value={ai.panelStyle} onChange={(v) => void updateSettings('ai', { panelStyle: v })} options={[{ value: 'fixed', label: t('settings.fixed') }, { value: 'floating', label: t('settings.floating') }]} data-testid="ai-panel-style" />
        </SettingRow>
        <SwitchRow label={t('settings.autoScroll')} checked={ai.autoScrollWhenStreaming} onChange={(v) => void updateSettings('ai', { autoScrollWhenStreaming: v })} />
      </SettingsSection>
      <SettingsSection title={t('settings.daily')}>
        <SettingRow label={t('settings.timeZone')} hint={t('settings.timeZoneHint')}>
          <Select aria-label={t('settings.timeZone')} value={zone} onChange={(v) => void updateSettings('general', { timeZone: v } as never)} options={[...new Set(['UTC', zone, ...zones])].map((z) => ({ value: z, label: z }))} data-testid="ai-time-zone" />
        </SettingRow>
      </SettingsSection>
    </SettingsPage>
  )
}
