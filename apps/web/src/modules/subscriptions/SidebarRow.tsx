/** One fixed row of the sidebar (All, Starred): icon, label, optional count. */
import { formatCount } from '@brook/shared/format'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

export function SidebarRow({ to, active, icon, count, children, testId, onClick }: { to: string; active: boolean; icon?: ReactNode; count?: number; children: ReactNode; testId?: string; onClick?: () => void }) {
  return (
    <Link
      to={to}
      onClick={onClick}
      data-testid={testId}
      aria-current={active ? 'page' : undefined}
      className={`flex h-8 items-center gap-2.5 rounded-md px-2 text-[13px] transition-colors ${
        active
          ? 'bg-zinc-900/[0.07] font-medium text-zinc-900 dark:bg-white/10 dark:text-white'
          : 'text-zinc-600 hover:bg-zinc-900/5 dark:text-zinc-300 dark:hover:bg-white/5'
      }`}
    >
      <span className="text-zinc-500 dark:text-zinc-500">{icon}</span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {count ? <span className="text-[11px] text-zinc-500 tabular-nums">{formatCount(count)}</span> : null}
    </Link>
  )
}
