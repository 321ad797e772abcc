/** SPEC §2 action group "list", acting on the list whose timeline is open. */
import { timelinePath } from '../../../lib/routeParams.ts'
import { navigate } from '../../../lib/navigation.ts'
import { useListStore } from '../../../store/entities/lists.ts'
import { useSubscriptionStore } from '../../../store/entities/subscriptions.ts'
import { copyText } from '../../entry/clipboard.ts'
import { currentTimelineParams } from '../../entry/currentEntry.ts'
import { env } from '../../../env.ts'
import { openExternal } from '../../platform/platform.ts'
import { openSidebarDialog } from '../../subscriptions/dialogStore.ts'
import type { Command } from '../registry.ts'

const listId = () => currentTimelineParams()?.listId ?? null
const hasList = () => listId() !== null
const listUrl = (id: string) => `${env.webUrl}${timelinePath({ view: useListStore.getState().byId[id]?.view ?? 0, feedId: `list-${id}` })}`

export const listCommands: Command[] = [
  { id: 'list:edit', group: 'list', labelKey: 'list.edit', enabled: () => hasList() && !!useSubscriptionStore.getState().byId[`list/${listId()}`], run: () => openSidebarDialog({ kind: 'edit', subscriptionId: `list/${listId()}` }) },
  { id: 'list:unfollow', group: 'list', labelKey: 'list.unfollow', enabled: hasList, run: () => openSidebarDialog({ kind: 'unfollow', subscriptionId: `list/${listId()}` }) },
  { id: 'list:navigate-to', group: 'list', labelKey: 'list.navigate-to', enabled: hasList, run: () => navigate(timelinePath({ view: useListStore.getState().byId[listId()!]?.view ?? 0, feedId: `list-${listId()}` })) },
  { id: 'list:open-in-browser', group: 'list', labelKey: 'list.open-in-browser', enabled: hasList, run: () => openExternal(listUrl(listId()!)) },
  { id: 'list:copy-url', group: 'list', labelKey: 'list.copy-url', enabled: hasList, run: () => void copyText(listUrl(listId()!)) },
  { id: 'list:copy-id', group: 'list', labelKey: 'list.copy-id', enabled: hasList, run: () => void copyText(listId()!) },
]
