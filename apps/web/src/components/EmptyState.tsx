/** A centred illustration slot, title and hint for columns with nothing to show yet. */
import type { ReactNode } from 'react'

export function EmptyState({ icon, title, hint, children }: { icon?: ReactNode; title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center px-8 text-center">
      {icon && <div className="mb-4 text-zinc-300 dark:text-zinc-700">{icon}</div>}
      <p className="text-[15px] font-medium text-zinc-700 dark:text-zinc-300">{title}</p>
      {hint && <p className="mt-1.5 max-w-64 text-[13px] leading-relaxed text-zinc-500 dark:text-zinc-500">{hint}</p>}
      {children && <div className="mt-5">{children}</div>}
    </div>
  )
}
