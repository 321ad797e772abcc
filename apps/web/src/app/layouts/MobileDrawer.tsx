/** The subscription sidebar as a drawer over the timeline, under 1024 px. */
import { Dialog } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { useLayoutStore } from '../../modules/layout/useLayoutStore.ts'
import { SubscriptionSidebar } from '../../modules/subscriptions/SubscriptionSidebar.tsx'

export function MobileDrawer() {
  const { t } = useTranslation()
  const open = useLayoutStore((s) => s.mobileDrawer)
  const setOpen = useLayoutStore((s) => s.setMobileDrawer)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/30 dark:bg-black/50" />
        <Dialog.Content
          data-testid="mobile-drawer"
          onOpenAutoFocus={(e) => {
            e.preventDefault()
            ;(e.currentTarget as HTMLElement).focus()
          }}
          className="fixed inset-y-0 left-0 z-40 flex w-[min(320px,86vw)] bg-white shadow-2xl outline-none dark:bg-zinc-950"
        >
          <Dialog.Title className="sr-only">{t('sidebar.subscriptions')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('sidebar.subscriptions')}</Dialog.Description>
          <SubscriptionSidebar onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
