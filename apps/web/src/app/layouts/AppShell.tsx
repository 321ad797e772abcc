/** The signed-in frame: the subscription sidebar on the left, the current screen beside it. */
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { SubscriptionSidebar } from '../../modules/subscriptions/SubscriptionSidebar.tsx'
import { useNetworkStore } from '../../store/network.ts'

export function AppShell() {
  const { t } = useTranslation()
  const online = useNetworkStore((s) => s.online)
  return (
    <div className="flex h-full flex-col">
      {!online && (
        <div role="status" className="bg-amber-100 px-4 py-1.5 text-center text-[13px] text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">
          {t('offline')}
        </div>
      )}
      <div className="flex min-h-0 flex-1">
        <SubscriptionSidebar />
        <main className="flex min-w-0 flex-1 bg-white dark:bg-zinc-950">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
