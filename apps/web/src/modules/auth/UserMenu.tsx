/**
 * The account button at the foot of the sidebar: name and e-mail; its menu (Settings, Sign out)
 * loads on the first click, keeping the menu primitives off the first route.
 */
import { lazy, Suspense, useState, type ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronUpDownIcon } from '../../components/icons.tsx'
import { useSessionStore, type SessionUser } from '../../store/session.ts'
import { Avatar } from './Avatar.tsx'

const loadDropdown = () => import('./UserMenuDropdown.tsx')
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })))

export function UserMenu() {
  const user = useSessionStore((s) => s.whoami)
  const [wanted, setWanted] = useState(false)
  if (!user) return null
  // Until the menu is wanted the button is a plain one; then the menu takes it over and opens.
  const button = <UserButton user={user} onClick={() => setWanted(true)} onPointerEnter={() => void loadDropdown()} />
  if (!wanted) return button
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown user={user} />
    </Suspense>
  )
}

/** The button itself (also the menu's trigger, through radix `asChild`). */
export function UserButton({ user, ...props }: { user: SessionUser } & ComponentProps<'button'>) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      aria-haspopup="menu"
      data-testid="user-menu-trigger"
      className="flex w-full items-center gap-2.5 rounded-lg p-2 text-left transition-colors outline-none hover:bg-zinc-900/5 focus-visible:ring-2 focus-visible:ring-accent/50 data-[state=open]:bg-zinc-900/5 dark:hover:bg-white/5 dark:data-[state=open]:bg-white/5"
      {...props}
    >
      <Avatar name={user.name} email={user.email} image={user.image} />
      <span className="min-w-0 flex-1">
        <span data-testid="user-name" className="block truncate text-[13px] font-medium text-zinc-800 dark:text-zinc-100">
          {user.name}
        </span>
        {/* Named by its visible text plus this (an aria-label hiding the name fails axe's label-content-name-mismatch). */}
        <span className="sr-only">{t('userMenu.open')}</span>
        <span data-testid="user-email" className="block truncate text-xs text-zinc-500">
          {user.email}
        </span>
      </span>
      <ChevronUpDownIcon size={14} className="shrink-0 text-zinc-500" />
    </button>
  )
}
