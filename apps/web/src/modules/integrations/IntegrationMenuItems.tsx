/** The entry toolbar's "more" menu items for every enabled integration (SPEC §2 action group integration), with their bound hotkeys. */
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DropdownItem } from '../../components/Menu.tsx'
import type { Entry } from '../../store/index.ts'
import { useBindingStore } from '../shortcuts/bindings.ts'
import { customCommandId, integrationCommandId, INTEGRATION_SERVICES } from './integrationCommands.ts'
import { runCustomIntegration, saveEntryTo } from './integrationActions.ts'
import { fetchIntegrations, integrationKeys } from './integrationsApi.ts'

export function IntegrationMenuItems({ entry }: { entry: Entry }) {
  const { t } = useTranslation('integrations')
  const overrides = useBindingStore((s) => s.overrides)
  const settings = useQuery({ queryKey: integrationKeys.settings, queryFn: fetchIntegrations, staleTime: 60_000 })
  const s = settings.data
  if (!s) return null
  const items: { key: string; label: string; hotkey?: string; run: () => void }[] = []
  for (const service of INTEGRATION_SERVICES) {
    if (s[service].enabled) items.push({ key: service, label: t('saveTo', { name: t(`names.${service}`) }), hotkey: overrides[integrationCommandId(service)], run: () => saveEntryTo(service, entry, s) })
  }
  for (const custom of s.customIntegration) {
    if (custom.enabled) items.push({ key: `custom-${custom.id}`, label: custom.name, hotkey: overrides[customCommandId(custom.id)], run: () => runCustomIntegration(custom, entry) })
  }
  return (
    <>
      {items.map((item) => (
        <DropdownItem key={item.key} hotkey={item.hotkey} onSelect={item.run}>
          {item.label}
        </DropdownItem>
      ))}
    </>
  )
}
