/** One keydown listener for the whole app: finds the command bound to the keys pressed and runs it. */
import { useEffect } from 'react'
import { hotkeyOf, useBindingStore } from './bindings.ts'
import { activeRegion, isTypingTarget } from './focusRegions.ts'
import { isModifierKey, parseHotkey, SequenceBuffer, strokeMatches, strokeOf, type ParsedHotkey } from './hotkey.ts'
import { allCommands, regionsOf, type Command } from './registry.ts'

interface Bound {
  command: Command
  hotkey: ParsedHotkey
}

function boundCommands(): Bound[] {
  const overrides = useBindingStore.getState().overrides
  const out: Bound[] = []
  for (const command of allCommands()) {
    const hotkey = parseHotkey(hotkeyOf(command, overrides))
    if (hotkey) out.push({ command, hotkey })
  }
  return out
}

/** Handles one key event; returns the command that ran, if any. Exported for tests. */
export function dispatchKey(event: KeyboardEvent, buffer: SequenceBuffer, now = Date.now()): Command | null {
  if (event.defaultPrevented || event.isComposing || isModifierKey(event.key)) return null
  const region = activeRegion()
  if (region === 'recording') return null
  const typing = isTypingTarget(event.target)
  // Space and Enter on a button or link belong to it (activation), not to a hotkey.
  if ((event.key === ' ' || event.key === 'Enter') && event.target instanceof Element && event.target.closest('button, a[href], [role="button"], [role="menuitem"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], summary')) return null
  const stroke = strokeOf(event)
  buffer.push(stroke, now)
  const applies = (c: Command) => regionsOf(c).includes(region) && (!typing || c.enableInForm) && (!c.enabled || c.enabled())
  const bound = boundCommands()
  for (const { command, hotkey } of bound) {
    if (hotkey.kind === 'sequence' && buffer.endsWith(hotkey.strokes) && applies(command)) {
      buffer.clear()
      event.preventDefault()
      void command.run()
      return command
    }
  }
  for (const { command, hotkey } of bound) {
    if (hotkey.kind === 'combo' && strokeMatches(hotkey.stroke, stroke) && applies(command)) {
      event.preventDefault()
      void command.run()
      return command
    }
  }
  return null
}

/** Installs the global listener while mounted. */
export function useHotkeyDispatcher(enabled = true): void {
  useEffect(() => {
    if (!enabled) return
    const buffer = new SequenceBuffer()
    const onKeyDown = (event: KeyboardEvent) => void dispatchKey(event, buffer)
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled])
}
