/**
 * The signed-in frame: the subscription sidebar (a drawer under 1024 px, hidden in zen mode or
 * when toggled off) beside the current screen, plus what floats over everything: dialogs, the
 * image gallery, the audio player and the shortcuts guide. Installs the app's hotkeys.
 */
import '../../modules/shortcuts/commands/index.ts'
import { Dialog, Tooltip } from 'radix-ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { QuickAddDialog } from '../../modules/discover/QuickAddDialog.tsx'
import { ImageGallery } from '../../modules/entry/ImageGallery.tsx'
import { AppearanceEffects } from '../../modules/layout/AppearanceEffects.tsx'
import { useLayoutStore } from '../../modules/layout/useLayoutStore.ts'
import { useIsMobile } from '../../modules/layout/useMediaQuery.ts'
import { platform } from '../../modules/platform/platform.ts'
import { CornerPlayer } from '../../modules/player/CornerPlayer.tsx'
import { useUiSettings } from '../../modules/settings/useSettingsValues.ts'
import { ShortcutsGuide } from '../../modules/shortcuts/ShortcutsGuide.tsx'
import { useHotkeyDispatcher } from '../../modules/shortcuts/useHotkeyDispatcher.ts'
import { SubscriptionDialogs } from '../../modules/subscriptions/SubscriptionDialogs.tsx'
import { SubscriptionSidebar } from '../../modules/subscriptions/SubscriptionSidebar.tsx'
import { useNetworkStore } from '../../store/network.ts'

export function AppShell() {
  const { t } = useTranslation()
  const online = useNetworkStore((s) => s.online)
  const mobile = useIsMobile()
  const ui = useUiSettings()
  const column = useLayoutStore((s) => s.subscriptionColumn)
  const drawer = useLayoutStore((s) => s.mobileDrawer)
  const setDrawer = useLayoutStore((s) => s.setMobileDrawer)
  const location = useLocation()
  useHotkeyDispatcher(platform().ownsGlobalShortcuts)
  useEffect(() => setDrawer(false), [location.pathname, setDrawer])

  const showSidebar = !mobile && column && !ui.zenMode
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
        </div>
      </div>
      {mobile && (
        <Dialog.Root open={drawer} onOpenChange={setDrawer}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/30 dark:bg-black/50" />
            <Dialog.Content data-testid="mobile-drawer" className="fixed inset-y-0 left-0 z-40 flex w-[min(320px,86vw)] bg-white shadow-2xl outline-none dark:bg-zinc-950">
              <Dialog.Title className="sr-only">{t('sidebar.subscriptions')}</Dialog.Title>
              <Dialog.Description className="sr-only">{t('sidebar.subscriptions')}</Dialog.Description>
              <SubscriptionSidebar onNavigate={() => setDrawer(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
      <SubscriptionDialogs />
      <QuickAddDialog />
      <ImageGallery />
      <ShortcutsGuide />
      <CornerPlayer />
    </Tooltip.Provider>
  )
}
