/** The frame of one settings page and its sections. */
import type { ReactNode } from 'react'

export function SettingsPage({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <div className="scrollbar-thin min-w-0 flex-1 overflow-y-auto" data-testid={testId}>
      <div className="mx-auto max-w-2xl px-8 py-8">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{description}</p>}
        <div className="mt-6 flex flex-col gap-8">{children}</div>
      </div>
    </div>
  )
}

export function SettingsSection({ title, hint, children, id }: { title: string; hint?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section id={id}>
      <h2 className="text-[11px] font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-500">{title}</h2>
      {hint && <p className="mt-1 text-xs text-zinc-500">{hint}</p>}
      <div className="mt-2 divide-y divide-zinc-100 rounded-xl border border-zinc-200/80 px-4 dark:divide-zinc-800 dark:border-zinc-800">{children}</div>
    </section>
  )
}
