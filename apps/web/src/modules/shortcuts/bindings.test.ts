import { beforeEach, describe, expect, it, vi } from 'vitest'
import { findConflicts, hotkeyOf, useBindingStore } from './bindings.ts'
import { dispatchKey } from './useHotkeyDispatcher.ts'
import { SequenceBuffer } from './hotkey.ts'
import { registerCommands, type Command } from './registry.ts'

const run = { star: vi.fn(), next: vi.fn(), focus: vi.fn(), search: vi.fn() }
const commands: Command[] = [
  { id: 'test:star', group: 'entry', labelKey: 'x', defaultHotkey: 's', run: run.star },
  { id: 'test:next', group: 'timeline', labelKey: 'x', defaultHotkey: 'j', run: run.next },
  { id: 'test:focus', group: 'layout', labelKey: 'x', defaultHotkey: 'g>t', run: run.focus },
  { id: 'test:modal-only', group: 'global', labelKey: 'x', defaultHotkey: 'Shift+x', regions: ['modal'], run: run.search },
]

function key(k: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init })
  Object.defineProperty(event, 'target', { value: target })
  return event
}

describe('bindings and dispatch', () => {
  beforeEach(() => {
    registerCommands(commands)
    useBindingStore.getState().resetAll()
    Object.values(run).forEach((f) => f.mockClear())
    document.body.innerHTML = ''
  })

  it('finds conflicts: same key in a shared region, and a key that starts a sequence', () => {
    expect(findConflicts('test:star', 'j').map((c) => c.id)).toContain('test:next')
    expect(findConflicts('test:star', 'g').map((c) => c.id)).toContain('test:focus')
    expect(findConflicts('test:star', 'Shift+x').map((c) => c.id)).not.toContain('test:modal-only')
    expect(findConflicts('test:star', 'f')).toEqual([])
  })

  it('runs the bound command, honours rebinding, and ignores form fields', () => {
    const buffer = new SequenceBuffer()
    expect(dispatchKey(key('s'), buffer)?.id).toBe('test:star')
    useBindingStore.getState().setBinding('test:star', 'f')
    expect(hotkeyOf(commands[0])).toBe('f')
    expect(dispatchKey(key('s'), buffer, 5000)).toBeNull()
    expect(dispatchKey(key('f'), buffer, 10000)?.id).toBe('test:star')
    const input = document.createElement('input')
    document.body.appendChild(input)
    expect(dispatchKey(key('f', {}, input), buffer, 20000)).toBeNull()
    expect(run.star).toHaveBeenCalledTimes(2)
  })

  it('leaves Space and Enter on buttons to the button', () => {
    registerCommands([{ id: 'test:space', group: 'entry-render', labelKey: 'x', defaultHotkey: 'Space', run: run.star }])
    const button = document.createElement('button')
    document.body.appendChild(button)
    expect(dispatchKey(key(' ', {}, button), new SequenceBuffer())).toBeNull()
    expect(dispatchKey(key(' '), new SequenceBuffer())?.id).toBe('test:space')
  })

  it('completes sequences within a second', () => {
    const buffer = new SequenceBuffer()
    dispatchKey(key('g'), buffer, 0)
    expect(dispatchKey(key('t'), buffer, 500)?.id).toBe('test:focus')
    dispatchKey(key('g'), buffer, 2000)
    expect(dispatchKey(key('t'), buffer, 3500)).toBeNull()
  })

  it('keeps region-bound commands to their region', () => {
    const buffer = new SequenceBuffer()
    expect(dispatchKey(key('X', { shiftKey: true }), buffer)).toBeNull()
    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    dialog.setAttribute('data-state', 'open')
    document.body.appendChild(dialog)
    expect(dispatchKey(key('X', { shiftKey: true }), buffer, 9000)?.id).toBe('test:modal-only')
    expect(dispatchKey(key('s'), buffer, 12000)).toBeNull()
  })
})
