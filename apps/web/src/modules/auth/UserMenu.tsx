/** The account button at the foot of the sidebar: name, e-mail, Settings and Sign out. */
import { useQueryClient } from '@tanstack/react-query'
import { DropdownMenu } from 'radix-ui'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { ChevronUpDownIcon, LogOutIcon, SettingsIcon } from '../../components/icons.tsx'
import { useSessionStore } from '../../store/session.ts'
import { signOut } from './actions.ts'
import { Avatar } from './Avatar.tsx'

const itemClass =
  'flex h-9 cursor-default items-center gap-2.5 rounded-md px-2.5 text-[13px] text-zinc-700 outline-none select-none data-[highlighted]:bg-zinc-900/5 data-[highlighted]:text-zinc-900 dark:text-zinc-200 dark:data-[highlighted]:bg-white/10 dark:data-[highlighted]:text-white'

export function UserMenu() {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.whoami)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)
  if (!user) return null

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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('userMenu.open')}
        data-testid="user-menu-trigger"
        className="flex w-full items-center gap-2.5 rounded-lg p-2 text-left transition-colors outline-none hover:bg-zinc-900/5 focus-visible:ring-2 focus-visible:ring-accent/50 data-[state=open]:bg-zinc-900/5 dark:hover:bg-white/5 dark:data-[state=open]:bg-white/5"
      >
        <Avatar name={user.name} email={user.email} image={user.image} />
        <span className="min-w-0 flex-1">
          <span data-testid="user-name" className="block truncate text-[13px] font-medium text-zinc-800 dark:text-zinc-100">
            {user.name}
          </span>
          <span data-testid="user-email" className="block truncate text-xs text-zinc-500">
            {user.email}
          </span>
        </span>
        <ChevronUpDownIcon size={14} className="shrink-0 text-zinc-400" />
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
            <SettingsIcon size={16} className="text-zinc-400" />
            {t('userMenu.settings')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} disabled={signingOut} onSelect={() => void onSignOut()}>
            <LogOutIcon size={16} className="text-zinc-400" />
            {t('userMenu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
