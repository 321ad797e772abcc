/** A hotkey drawn as keycaps; sequences show their steps one after another. */
import { hotkeyLabels } from '../modules/shortcuts/hotkey.ts'

export function Kbd({ hotkey, subtle = false }: { hotkey: string; subtle?: boolean }) {
  const steps = hotkeyLabels(hotkey)
  if (steps.length === 0) return null
  const cap = subtle
    ? 'min-w-[1.25rem] rounded px-1 text-[11px] text-zinc-500 dark:text-zinc-500'
    : 'min-w-[1.5rem] rounded-md border border-zinc-200 border-b-2 bg-white px-1.5 py-0.5 text-[11px] font-medium text-zinc-600 shadow-xs dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'
  return (
    <span className="inline-flex shrink-0 items-center gap-1" aria-label={hotkey}>
      {steps.map((keys, i) => (
        <span key={i} className="inline-flex items-center gap-0.5">
          {i > 0 && <span className="px-0.5 text-[10px] text-zinc-500">›</span>}
          {keys.map((k, j) => (
            <kbd key={j} className={`inline-flex items-center justify-center font-sans ${cap}`}>
              {k}
            </kbd>
          ))}
        </span>
      ))}
    </span>
  )
}
