/** An on/off switch (radix) with a label and an optional hint, as a settings row. */
import { Switch as RadixSwitch } from 'radix-ui'
import { useId, type ReactNode } from 'react'

export function Switch({ checked, onCheckedChange, label, disabled }: { checked: boolean; onCheckedChange: (checked: boolean) => void; label: string; disabled?: boolean }) {
  return (
    <RadixSwitch.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={label}
      className="relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-zinc-300 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-accent/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-accent dark:bg-zinc-700"
    >
      <RadixSwitch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[18px]" />
    </RadixSwitch.Root>
  )
}

/** A settings row: label and hint on the left, a control on the right. */
export function SettingRow({ label, hint, children, htmlFor }: { label: ReactNode; hint?: ReactNode; children: ReactNode; htmlFor?: string }) {
  const id = useId()
  return (
    <div className="flex items-center gap-6 py-3">
      <div className="min-w-0 flex-1">
        <label htmlFor={htmlFor} id={id} className="block text-[13px] font-medium text-zinc-800 dark:text-zinc-100">
          {label}
        </label>
        {hint && <p className="mt-0.5 text-xs leading-relaxed text-zinc-500 dark:text-zinc-400">{hint}</p>}
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  )
}

/** A switch setting row. */
export function SwitchRow({ label, hint, checked, onChange, disabled }: { label: string; hint?: ReactNode; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  return (
    <SettingRow label={label} hint={hint}>
      <Switch checked={checked} onCheckedChange={onChange} label={label} disabled={disabled} />
    </SettingRow>
  )
}
