/** The entry toolbar's "more" menu items for every enabled integration (SPEC §2 action group integration). */
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { toastError } from '../../api/toastError.ts'
import { DropdownItem } from '../../components/Menu.tsx'
import type { Entry } from '../../store/index.ts'
import { addToEagle, fillUrlTemplate, obsidianUrl } from './clientSide.ts'
import { fetchIntegrations, integrationKeys, saveToIntegration, SERVER_SERVICES, type SaveTarget } from './integrationsApi.ts'

async function saveOnServer(target: SaveTarget, t: (key: string, o?: Record<string, unknown>) => string) {
  try {
    const result = await saveToIntegration(target)
    if (result.saved) toast.success(t('savedTo', { name: result.name }))
    else toast.error(t('saveFailed', { name: result.name }), { description: result.error ?? undefined, duration: 5000 })
  } catch (error) {
    toastError(error)
  }
}

export function IntegrationMenuItems({ entry }: { entry: Entry }) {
  const { t } = useTranslation('integrations')
  const settings = useQuery({ queryKey: integrationKeys.settings, queryFn: fetchIntegrations, staleTime: 60_000 })
  const s = settings.data
  if (!s) return null
  const items: { key: string; label: string; run: () => void }[] = []
  for (const service of SERVER_SERVICES) {
    if (s[service].enabled) items.push({ key: service, label: t('saveTo', { name: t(`names.${service}`) }), run: () => void saveOnServer({ service, entryId: entry.id }, t) })
  }
  if (s.eagle.enabled)
    items.push({
      key: 'eagle',
      label: t('saveTo', { name: 'Eagle' }),
      run: () =>
        void addToEagle(entry).then(
          (n) => toast.success(t('eagleSaved', { count: n })),
          (error: unknown) => toast.error(t('saveFailed', { name: 'Eagle' }), { description: error instanceof Error ? error.message : String(error) }),
        ),
    })
  if (s.obsidian.enabled) items.push({ key: 'obsidian', label: t('saveTo', { name: 'Obsidian' }), run: () => window.open(obsidianUrl(entry, s.obsidian.vault, s.obsidian.folder), '_self') })
  for (const custom of s.customIntegration) {
    if (!custom.enabled) continue
    items.push({
      key: `custom-${custom.id}`,
      label: custom.name,
      run: () => (custom.type === 'url' ? window.open(fillUrlTemplate(custom.url, entry), '_blank', 'noopener') : void saveOnServer({ service: 'custom', customId: custom.id, entryId: entry.id }, t)),
    })
  }
  return (
    <>
      {items.map((item) => (
        <DropdownItem key={item.key} onSelect={item.run}>
          {item.label}
        </DropdownItem>
      ))}
    </>
  )
}
