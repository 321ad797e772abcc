/** A square icon button with a tooltip (label, plus its hotkey when it has one). */
import { Tooltip } from 'radix-ui'
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { Kbd } from './Kbd.tsx'

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string
  hotkey?: string
  active?: boolean
  size?: 'sm' | 'md'
  children: ReactNode
  tooltipSide?: 'top' | 'bottom' | 'left' | 'right'
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, hotkey, active = false, size = 'md', className = '', children, tooltipSide = 'bottom', type = 'button', ...props },
  ref,
) {
  const dims = size === 'sm' ? 'size-7' : 'size-8'
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          ref={ref}
          type={type}
          aria-label={label}
          aria-pressed={active || undefined}
          className={`inline-flex ${dims} shrink-0 items-center justify-center rounded-md transition-colors outline-none focus-visible:ring-2 focus-visible:ring-accent/50 disabled:cursor-not-allowed disabled:opacity-40 ${
            active ? 'bg-accent/10 text-accent' : 'text-zinc-500 hover:bg-zinc-900/5 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-white/10 dark:hover:text-zinc-100'
          } ${className}`}
          {...props}
        >
          {children}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side={tooltipSide}
          sideOffset={6}
          className="z-[60] flex items-center gap-2 rounded-md bg-zinc-900 px-2 py-1 text-xs font-medium text-white shadow-md dark:bg-zinc-100 dark:text-zinc-900"
        >
          {label}
          {hotkey ? <Kbd hotkey={hotkey} subtle /> : null}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
})
