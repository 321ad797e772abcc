/** A full page whose real content arrives in a later release: a header and a calm note. */
import type { ReactNode } from 'react'

export interface PagePlaceholderProps {
  icon?: ReactNode
  title: string
  description?: string
  note: string
  children?: ReactNode
}

export function PagePlaceholder({ icon, title, description, note, children }: PagePlaceholderProps) {
  return (
    <div className="flex h-full min-w-0 flex-1 flex-col overflow-y-auto">
      <header className="flex items-center gap-3 border-b border-zinc-200/70 px-8 pt-8 pb-6 dark:border-zinc-800/80">
        {icon && (
          <span className="flex size-10 items-center justify-center rounded-xl bg-zinc-900/5 text-zinc-600 dark:bg-white/5 dark:text-zinc-300">
            {icon}
          </span>
        )}
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{description}</p>}
        </div>
      </header>
      <div className="px-8 py-6">
        <p
          data-testid="coming-later"
          className="max-w-xl rounded-xl border border-dashed border-zinc-300 bg-zinc-50/60 px-5 py-4 text-sm leading-relaxed text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900/40 dark:text-zinc-400"
        >
          {note}
        </p>
        {children}
      </div>
    </div>
  )
}
