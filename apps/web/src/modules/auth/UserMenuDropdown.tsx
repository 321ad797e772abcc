/** The account menu (Settings, Sign out), loaded by UserMenu on the first click and opened at once. */
import { useQueryClient } from '@tanstack/react-query'
import { DropdownMenu } from 'radix-ui'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { CompassIcon, LogOutIcon, SettingsIcon } from '../../components/icons.tsx'
import { timelinePath } from '../../lib/routeParams.ts'
import { useOnboardingStore } from '../onboarding/onboardingStore.ts'
import type { SessionUser } from '../../store/session.ts'
import { signOut } from './actions.ts'
import { WindowMenuItems } from '../platform/WindowMenuItems.tsx'
import { UserButton } from './UserMenu.tsx'

const itemClass =
  'flex h-9 cursor-default items-center gap-2.5 rounded-md px-2.5 text-[13px] text-zinc-700 outline-none select-none data-[highlighted]:bg-zinc-900/5 data-[highlighted]:text-zinc-900 dark:text-zinc-200 dark:data-[highlighted]:bg-white/10 dark:data-[highlighted]:text-white'

export function UserMenuDropdown({ user }: { user: SessionUser }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)

  const onSignOut = async () => {
    setSigningOut(true)
    try {
      await signOut(queryClient)
      toast.success(t('userMenu.signedOut'))
    } finally {
      setSigningOut(false)
    }
  }

  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>
        <UserButton user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={6}
          className="z-50 w-[var(--radix-dropdown-menu-trigger-width)] min-w-56 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-lg shadow-zinc-900/10 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/40"
        >
          <div className="px-2.5 pt-1.5 pb-2">
            <div className="truncate text-[13px] font-medium">{user.name}</div>
            <div className="truncate text-xs text-zinc-500">{user.email}</div>
          </div>
          <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/settings')}>
            <SettingsIcon size={16} className="text-zinc-500" />
            {t('userMenu.settings')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            data-testid="getting-started"
            onSelect={() => {
              useOnboardingStore.getState().reopen()
              navigate(timelinePath())
            }}
          >
            <CompassIcon size={16} className="text-zinc-500" />
            {t('userMenu.gettingStarted')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} disabled={signingOut} onSelect={() => void onSignOut()}>
            <LogOutIcon size={16} className="text-zinc-500" />
            {t('userMenu.signOut')}
          </DropdownMenu.Item>
          <WindowMenuItems itemClass={itemClass} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
