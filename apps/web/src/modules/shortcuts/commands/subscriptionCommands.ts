/** SPEC §2 action group "subscription": tabs, next/previous subscription, folder collapse, mark all read, open in browser. */
import { FeedViewType } from '@brook/shared'
import { timelinePath } from '../../../lib/routeParams.ts'
import { navigate } from '../../../lib/navigation.ts'
import { useSubscriptionStore } from '../../../store/entities/subscriptions.ts'
import { currentTimelineParams } from '../../entry/currentEntry.ts'
import { useLayoutStore } from '../../layout/useLayoutStore.ts'
import { useSidebarNavStore } from '../../subscriptions/sidebarNav.ts'
import { openFeedInBrowser, openSiteInBrowser } from '../../subscriptions/subscriptionActions.ts'
import { visibleViews } from '../../subscriptions/visibleViews.ts'
import { useUiStore } from '../../../store/ui.ts'
import { requestMarkTimelineRead } from '../../timeline/markTimelineRead.ts'
import type { Command } from '../registry.ts'

function shownViews(): FeedViewType[] {
  const counts: Partial<Record<FeedViewType, number>> = {}
  for (const sub of Object.values(useSubscriptionStore.getState().byId)) counts[sub.view] = (counts[sub.view] ?? 0) + 1
  return visibleViews(counts)
}

const currentView = () => currentTimelineParams()?.view ?? useUiStore.getState().view

function switchTab(step: 1 | -1) {
  const views = shownViews()
  const index = views.indexOf(currentView())
  navigate(timelinePath({ view: views[(index + step + views.length) % views.length] }))
}

function stepSubscription(step: 1 | -1) {
  const targets = useSidebarNavStore.getState().targets
  if (targets.length === 0) return
  const path = window.location.pathname
  const index = targets.findIndex((t) => path.startsWith(t.path.replace(/\/pending$/, '')))
  const next = targets[index === -1 ? (step === 1 ? 0 : targets.length - 1) : (index + step + targets.length) % targets.length]
  navigate(next.path)
}

function toggleFolder() {
  const params = currentTimelineParams()
  const name = params?.folderName ?? (params ? useSubscriptionStore.getState().byId[`feed/${params.feedId}`]?.category : null)
  if (!params || !name) return
  const open = useLayoutStore.getState().openFolders[`${params.view}:${name}`] === true
  useLayoutStore.getState().setFolderOpen(params.view, name, !open)
}

function markCurrentRead() {
  const params = currentTimelineParams()
  if (params) requestMarkTimelineRead(params)
}

const currentSubscription = () => {
  const params = currentTimelineParams()
  return params ? useSubscriptionStore.getState().byId[`feed/${params.feedId}`] : undefined
}

export const subscriptionCommands: Command[] = [
  { id: 'subscription:switch-tab-next', group: 'subscription', labelKey: 'subscription.switch-tab-next', defaultHotkey: 'Shift+ArrowRight', run: () => switchTab(1) },
  { id: 'subscription:switch-tab-previous', group: 'subscription', labelKey: 'subscription.switch-tab-previous', defaultHotkey: 'Shift+ArrowLeft', run: () => switchTab(-1) },
  ...([0, 1, 2, 3, 4, 5] as const).map(
    (view): Command => ({ id: `subscription:switch-tab-${view}`, group: 'subscription', labelKey: `subscription.switch-tab-${view}`, defaultHotkey: String(view + 1), run: () => navigate(timelinePath({ view })) }),
  ),
  { id: 'subscription:next', group: 'subscription', labelKey: 'subscription.next', defaultHotkey: 'Shift+j', run: () => stepSubscription(1) },
  { id: 'subscription:previous', group: 'subscription', labelKey: 'subscription.previous', defaultHotkey: 'Shift+k', run: () => stepSubscription(-1) },
  { id: 'subscription:toggle-folder', group: 'subscription', labelKey: 'subscription.toggle-folder', defaultHotkey: 'Shift+o', run: toggleFolder },
  { id: 'subscription:mark-all-read', group: 'subscription', labelKey: 'subscription.mark-all-read', defaultHotkey: 'Shift+a', run: markCurrentRead },
  { id: 'subscription:open-in-browser', group: 'subscription', labelKey: 'subscription.open-in-browser', defaultHotkey: 'Shift+b', enabled: () => !!currentSubscription(), run: () => openFeedInBrowser(currentSubscription()!) },
  { id: 'subscription:open-site-in-browser', group: 'subscription', labelKey: 'subscription.open-site-in-browser', defaultHotkey: 'Alt+b', enabled: () => !!currentSubscription(), run: () => openSiteInBrowser(currentSubscription()!) },
]
