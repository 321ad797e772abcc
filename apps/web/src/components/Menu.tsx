/** Shared styling for the menus (radix DropdownMenu; right-click menus are dropdowns placed at the pointer). */
import { DropdownMenu } from 'radix-ui'
import type { ReactNode } from 'react'
import { ChevronRightIcon } from './icons.tsx'
import { Kbd } from './Kbd.tsx'

export const menuContentClass =
  'z-50 min-w-52 rounded-xl border border-zinc-200 bg-white/95 p-1.5 text-[13px] shadow-lg shadow-zinc-900/10 backdrop-blur outline-none dark:border-zinc-800 dark:bg-zinc-900/95 dark:shadow-black/40'

export const menuItemClass =
  'flex h-8 cursor-default items-center gap-2.5 rounded-md px-2.5 text-zinc-700 outline-none select-none data-[disabled]:opacity-45 data-[highlighted]:bg-zinc-900/5 data-[highlighted]:text-zinc-900 dark:text-zinc-200 dark:data-[highlighted]:bg-white/10 dark:data-[highlighted]:text-white'

export const menuSeparatorClass = '-mx-1.5 my-1 h-px bg-zinc-200/80 dark:bg-zinc-800'

/** The content of a menu item: icon, label and an optional hotkey hint. */
export function MenuLabel({ icon, children, hotkey, danger }: { icon?: ReactNode; children: ReactNode; hotkey?: string; danger?: boolean }) {
  return (
    <>
      <span className={`flex w-4 justify-center ${danger ? 'text-red-500' : 'text-zinc-500'}`}>{icon}</span>
      <span className={`min-w-0 flex-1 truncate ${danger ? 'text-red-600 dark:text-red-400' : ''}`}>{children}</span>
      {hotkey ? <Kbd hotkey={hotkey} subtle /> : null}
    </>
  )
}

/** A dropdown-menu item. */
export function DropdownItem({ onSelect, disabled, ...label }: { onSelect: () => void; disabled?: boolean; icon?: ReactNode; children: ReactNode; hotkey?: string; danger?: boolean }) {
  return (
    <DropdownMenu.Item className={menuItemClass} disabled={disabled} onSelect={onSelect}>
      <MenuLabel {...label} />
    </DropdownMenu.Item>
  )
}

/** A sub-menu trigger. */
export function DropdownSubTrigger({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.SubTrigger className={`${menuItemClass} data-[state=open]:bg-zinc-900/5 dark:data-[state=open]:bg-white/10`}>
      <MenuLabel icon={icon}>{children}</MenuLabel>
      <ChevronRightIcon size={14} className="text-zinc-500" />
    </DropdownMenu.SubTrigger>
  )
}

/** A 1-pixel anchor at the pointer, for a right-click menu opened as a dropdown. */
export function PointerAnchor({ x, y }: { x: number; y: number }) {
  return (
    <DropdownMenu.Trigger asChild>
      <span aria-hidden style={{ position: 'fixed', left: x, top: y, width: 1, height: 1 }} />
    </DropdownMenu.Trigger>
  )
}
