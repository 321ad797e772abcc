/**
 * The signed-in frame: the subscription sidebar (a drawer under 1024 px, hidden in zen mode or
 * when toggled off) beside the current screen, plus what floats over everything: dialogs, the
 * image gallery, the audio player, the shortcuts guide, the mark-all-read countdown and the
 * jump-out link warning. Installs the app's hotkeys.
 */
import { useCustomIntegrationCommands } from '../../modules/integrations/useCustomIntegrationCommands.ts'
import '../../modules/shortcuts/commands/index.ts'
import { Tooltip } from 'radix-ui'
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { openQuickAdd, useQuickAddStore } from '../../modules/discover/quickAddStore.ts'
import { syncPushSubscription } from '../../sw/pushSubscription.ts'
import { useSearchStore } from '../../modules/search/searchStore.ts'
import { useEntryViewStore } from '../../modules/entry/entryViewStore.ts'
import { useJumpOutStore } from '../../modules/entry/jumpOut.ts'
import { AppearanceEffects } from '../../modules/layout/AppearanceEffects.tsx'
import { useLayoutStore } from '../../modules/layout/useLayoutStore.ts'
import { useIsMobile } from '../../modules/layout/useMediaQuery.ts'
import { usePlayerStore } from '../../modules/player/usePlayerStore.ts'
import { useGeneralSettings, useUiSettings } from '../../modules/settings/useSettingsValues.ts'
import { useShortcutsGuideStore } from '../../modules/shortcuts/guideStore.ts'
import { useHotkeyDispatcher } from '../../modules/shortcuts/useHotkeyDispatcher.ts'
import { useSidebarDialogStore } from '../../modules/subscriptions/dialogStore.ts'
import { SubscriptionSidebar } from '../../modules/subscriptions/SubscriptionSidebar.tsx'
import { useMarkAllConfirmStore } from '../../modules/timeline/markAllConfirm.ts'
import { useNetworkStore } from '../../store/network.ts'
import { ensurePages } from '../../i18n/index.ts'
import { useTipStore } from '../../modules/power/tipStore.ts'
import { useFeatureFlag } from '../../modules/featureFlags/featureFlags.ts'
import { analytics } from '../../modules/analytics/analytics.ts'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { useFeedPowerStore } from '../../modules/power/feedPowerStore.ts'
import { useAiChatStore } from '../../modules/ai/aiChatStore.ts'
import { useSpeechStore, warmVoices } from '../../modules/ai/readAloud.ts'
import { useAiSettings } from '../../modules/ai/useAiSettings.ts'
import { useFixedChatAtStartup } from '../../modules/ai/useFixedChatAtStartup.ts'

// What floats over the app loads when first needed, keeping the first route small.
const MobileDrawer = lazy(() => import('./MobileDrawer.tsx').then((m) => ({ default: m.MobileDrawer })))
const QuickAddDialog = lazy(() => Promise.all([import('../../modules/discover/QuickAddDialog.tsx'), ensurePages()]).then(([m]) => ({ default: m.QuickAddDialog })))
const SearchDialog = lazy(() => Promise.all([import('../../modules/search/SearchDialog.tsx'), ensurePages()]).then(([m]) => ({ default: m.SearchDialog })))
const ImageGallery = lazy(() => import('../../modules/entry/ImageGallery.tsx').then((m) => ({ default: m.ImageGallery })))
const CornerPlayer = lazy(() => import('../../modules/player/CornerPlayer.tsx').then((m) => ({ default: m.CornerPlayer })))
const ShortcutsGuide = lazy(() => Promise.all([import('../../modules/shortcuts/ShortcutsGuide.tsx'), ensurePages()]).then(([m]) => ({ default: m.ShortcutsGuide })))
const SubscriptionDialogs = lazy(() => import('../../modules/subscriptions/SubscriptionDialogs.tsx').then((m) => ({ default: m.SubscriptionDialogs })))
const JumpOutDialog = lazy(() => import('../../modules/entry/JumpOutDialog.tsx').then((m) => ({ default: m.JumpOutDialog })))
const TipDialog = lazy(() => Promise.all([import('../../modules/power/TipDialog.tsx'), ensurePages()]).then(([m]) => ({ default: m.TipDialog })))
const FeedPowerDialogs = lazy(() => Promise.all([import('../../modules/power/FeedPowerDialogs.tsx'), ensurePages()]).then(([m]) => ({ default: m.FeedPowerDialogs })))
const AiChatPanel = lazy(() => import('../../modules/ai/AiChatPanel.tsx').then((m) => ({ default: m.AiChatPanel })))
const SpeechPlayer = lazy(() => import('../../modules/ai/SpeechPlayer.tsx').then((m) => ({ default: m.SpeechPlayer })))
const MarkAllReadConfirm = lazy(() => import('../../modules/timeline/MarkAllReadConfirm.tsx').then((m) => ({ default: m.MarkAllReadConfirm })))

function WhenNeeded({ needed, children }: { needed: boolean; children: ReactNode }) {
  return needed ? <Suspense fallback={null}>{children}</Suspense> : null
}

function Overlays({ sidebarShown, chatDocked }: { sidebarShown: boolean; chatDocked: boolean }) {
  const quickAdd = useQuickAddStore((s) => s.open)
  const search = useSearchStore((s) => s.open)
  const gallery = useEntryViewStore((s) => s.gallery !== null)
  const player = usePlayerStore((s) => s.show && !!s.src)
  const guide = useShortcutsGuideStore((s) => s.open)
  const dialog = useSidebarDialogStore((s) => s.dialog !== null)
  const markAll = useMarkAllConfirmStore((s) => s.pending !== null)
  const jumpOut = useJumpOutStore((s) => s.url !== null)
  // A feature the admin turned off for me (its flag): none of its panels or dialogs.
  const aiChat = useFeatureFlag('ai_chat')
  const power = useFeatureFlag('power')
  const tipOpen = useTipStore((s) => s.target !== null)
  const feedPowerOpen = useFeedPowerStore((s) => s.dialog !== null)
  const chatOpen = useAiChatStore((s) => s.open)
  const tip = tipOpen && power
  const feedPower = feedPowerOpen && power
  const chat = chatOpen && aiChat
  const speaking = useSpeechStore((s) => s.status !== 'idle')
  return (
    <>
      <WhenNeeded needed={speaking}>
        <SpeechPlayer />
      </WhenNeeded>
      <WhenNeeded needed={chat && !chatDocked}>
        <AiChatPanel />
      </WhenNeeded>
      <WhenNeeded needed={tip}>
        <TipDialog />
      </WhenNeeded>
      <WhenNeeded needed={feedPower}>
        <FeedPowerDialogs />
      </WhenNeeded>
      <WhenNeeded needed={jumpOut}>
        <JumpOutDialog />
      </WhenNeeded>
      <WhenNeeded needed={markAll}>
        <MarkAllReadConfirm />
      </WhenNeeded>
      <WhenNeeded needed={dialog}>
        <SubscriptionDialogs />
      </WhenNeeded>
      <WhenNeeded needed={quickAdd}>
        <QuickAddDialog />
      </WhenNeeded>
      <WhenNeeded needed={search}>
        <SearchDialog />
      </WhenNeeded>
      <WhenNeeded needed={gallery}>
        <ImageGallery />
      </WhenNeeded>
      <WhenNeeded needed={guide}>
        <ShortcutsGuide />
      </WhenNeeded>
      <WhenNeeded needed={player}>
        <CornerPlayer docked={sidebarShown} />
      </WhenNeeded>
    </>
  )
}

export function AppShell() {
  const { t } = useTranslation()
  const online = useNetworkStore((s) => s.online)
  const mobile = useIsMobile()
  const ui = useUiSettings()
  const column = useLayoutStore((s) => s.subscriptionColumn)
  const drawer = useLayoutStore((s) => s.mobileDrawer)
  const setDrawer = useLayoutStore((s) => s.setMobileDrawer)
  const location = useLocation()
  useHotkeyDispatcher()
  useCustomIntegrationCommands()
  useEffect(() => {
    setDrawer(false)
  }, [location.pathname, setDrawer])
  // General setting startupScreen: a narrow window may start on the subscription list.
  const { startupScreen } = useGeneralSettings()
  const started = useRef(false)
  useEffect(() => {
    if (started.current || !mobile) return
    started.current = true
    if (startupScreen === 'subscription') setDrawer(true)
  }, [mobile, startupScreen, setDrawer])
  // Signed in: this browser's push subscription registered again (docs/notifications.md).
  useEffect(() => void syncPushSubscription(), [])
  // SPEC §3 event 1002: the signed-in interface rendered.
  useEffect(() => analytics.track(ANALYTICS_EVENTS.uiRenderInit), [])
  // The browser lists its speech voices asynchronously: ask now, so reading aloud can pick one.
  useEffect(() => warmVoices(), [])
  // The installed app's "Quick add" shortcut opens /?quickadd=1.
  useEffect(() => {
    if (new URLSearchParams(location.search).has('quickadd')) openQuickAdd()
  }, [location.search])

  const showSidebar = !mobile && column && !ui.zenMode
  // The fixed chat panel (ai panelStyle) is a column of the layout on a wide window, open from start-up.
  const { panelStyle } = useAiSettings()
  const aiChat = useFeatureFlag('ai_chat')
  const chatDocked = panelStyle === 'fixed' && !mobile && aiChat
  useFixedChatAtStartup(chatDocked)
  const chatOpen = useAiChatStore((s) => s.open)
  return (
    <Tooltip.Provider delayDuration={300} skipDelayDuration={200}>
      <AppearanceEffects />
      <div className="flex h-full flex-col" data-testid="app-shell" data-mobile={mobile || undefined}>
        {!online && (
          <div role="status" className="bg-amber-100 px-4 py-1.5 text-center text-[13px] text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">
            {t('offline')}
          </div>
        )}
        <div className="flex min-h-0 flex-1">
          {showSidebar && (
            <div className="flex shrink-0 border-r border-zinc-200/80 dark:border-zinc-800/80 [[data-opaque-sidebar=true]_&]:bg-zinc-100 dark:[[data-opaque-sidebar=true]_&]:bg-zinc-900" style={{ width: ui.feedColWidth }}>
              <SubscriptionSidebar />
            </div>
          )}
          <main className="flex min-w-0 flex-1 bg-white dark:bg-zinc-950">
            <Outlet />
          </main>
          {chatDocked && chatOpen && aiChat && (
            <Suspense fallback={null}>
              <AiChatPanel docked />
            </Suspense>
          )}
        </div>
      </div>
      {mobile && drawer && (
        <Suspense fallback={null}>
          <MobileDrawer />
        </Suspense>
      )}
      <Overlays sidebarShown={showSidebar} chatDocked={chatDocked} />
    </Tooltip.Provider>
  )
}
