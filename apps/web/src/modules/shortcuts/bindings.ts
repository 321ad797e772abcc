/**
 * The user's hotkeys: overrides of the commands' defaults, kept in localStorage under
 * `brook:shortcuts`. An empty string unbinds a command. Conflicts are two commands with the same
 * hotkey in a shared region, or a single key that starts another command's sequence.
 */
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { storageKey } from '../../lib/storage.ts'
import { canonicalHotkey, parseHotkey } from './hotkey.ts'
import { allCommands, getCommand, regionsOf, type Command } from './registry.ts'

interface BindingState {
  overrides: Record<string, string>
  setBinding: (id: string, hotkey: string) => void
  resetBinding: (id: string) => void
  resetAll: () => void
}

export const useBindingStore = create<BindingState>()(
  persist(
    (set) => ({
      overrides: {},
      setBinding: (id, hotkey) => set((s) => ({ overrides: { ...s.overrides, [id]: hotkey } })),
      resetBinding: (id) =>
        set((s) => {
          const overrides = { ...s.overrides }
          delete overrides[id]
          return { overrides }
        }),
      resetAll: () => set({ overrides: {} }),
    }),
    { name: storageKey('shortcuts'), storage: createJSONStorage(() => localStorage) },
  ),
)

/** The hotkey bound to a command now ('' when unbound). */
export function hotkeyOf(command: Command, overrides = useBindingStore.getState().overrides): string {
  return command.id in overrides ? overrides[command.id] : (command.defaultHotkey ?? '')
}

/** The hotkey of a command id, for menus and tooltips. */
export function useHotkey(id: string): string {
  const override = useBindingStore((s) => s.overrides[id])
  return override ?? getCommand(id)?.defaultHotkey ?? ''
}

function overlaps(a: Command, b: Command): boolean {
  const rb = regionsOf(b)
  return regionsOf(a).some((r) => rb.includes(r))
}

/** The first stroke of a hotkey, canonical (a combo is its own first stroke). */
function firstStroke(hotkey: string): string | null {
  const canonical = canonicalHotkey(hotkey)
  return canonical ? canonical.split('>')[0] : null
}

/** Commands whose hotkey would clash with `hotkey` for command `id`. */
export function findConflicts(id: string, hotkey: string, overrides = useBindingStore.getState().overrides): Command[] {
  const self = getCommand(id)
  const canonical = canonicalHotkey(hotkey)
  if (!self || !canonical) return []
  const isSequence = parseHotkey(hotkey)?.kind === 'sequence'
  return allCommands().filter((other) => {
    if (other.id === id || !overlaps(self, other)) return false
    const theirs = hotkeyOf(other, overrides)
    const theirCanonical = theirs ? canonicalHotkey(theirs) : null
    if (!theirCanonical) return false
    if (theirCanonical === canonical) return true
    // A single key that is also the first key of a sequence would swallow the sequence.
    const theirIsSequence = parseHotkey(theirs)?.kind === 'sequence'
    if (isSequence && !theirIsSequence) return theirCanonical === firstStroke(hotkey)
    if (!isSequence && theirIsSequence) return firstStroke(theirs) === canonical
    return false
  })
}

/** Every pair of conflicting bindings now (each pair once). */
export function allConflicts(overrides = useBindingStore.getState().overrides): [string, string][] {
  const pairs: [string, string][] = []
  for (const command of allCommands()) {
    const hotkey = hotkeyOf(command, overrides)
    if (!hotkey) continue
    for (const other of findConflicts(command.id, hotkey, overrides)) if (command.id < other.id) pairs.push([command.id, other.id])
  }
  return pairs
}
