/**
 * The desktop window's controls (issue 13; SPEC §2 window modes minimized / maximized / normal) as
 * account-menu items: minimize, and maximize or restore by the current mode. Only where the platform
 * can change the window (the desktop shell); nothing in a browser tab.
 */
import { DropdownMenu } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { platform, usePlatformStore, type WindowMode } from './platform.ts'

function MinimizeIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" aria-hidden className="text-zinc-500">
      <path d="M5 18h14" />
    </svg>
  )
}

function MaximizeIcon({ restore }: { restore: boolean }) {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinejoin="round" aria-hidden className="text-zinc-500">
      {restore ? <path d="M8 8V5h11v11h-3M5 8h11v11H5z" /> : <rect x="5" y="5" width="14" height="14" rx="1" />}
    </svg>
  )
}

export function WindowMenuItems({ itemClass }: { itemClass: string }) {
  const { t } = useTranslation()
  const mode = usePlatformStore((s) => s.windowMode)
  const setWindowMode = platform().setWindowMode
  if (!setWindowMode) return null
  const set = (next: WindowMode) => void setWindowMode(next).catch((error: unknown) => toast.error(String((error as Error)?.message ?? error)))
  const maximized = mode === 'maximized'
  return (
    <>
      <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
      <DropdownMenu.Item className={itemClass} onSelect={() => set('minimized')} data-testid="window-minimize">
        <MinimizeIcon />
        {t('userMenu.minimizeWindow')}
      </DropdownMenu.Item>
      <DropdownMenu.Item className={itemClass} onSelect={() => set(maximized ? 'normal' : 'maximized')} data-testid="window-maximize">
        <MaximizeIcon restore={maximized} />
        {maximized ? t('userMenu.restoreWindow') : t('userMenu.maximizeWindow')}
      </DropdownMenu.Item>
    </>
  )
}
