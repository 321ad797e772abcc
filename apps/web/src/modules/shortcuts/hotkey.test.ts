import { describe, expect, it } from 'vitest'
import { canonicalHotkey, hotkeyLabels, isValidHotkey, parseHotkey, SequenceBuffer, strokeMatches, strokeOf } from './hotkey.ts'

const ev = (key: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean }> = {}) =>
  strokeOf({ key, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods })

describe('hotkeys', () => {
  it('parses combinations and sequences', () => {
    expect(parseHotkey('j')).toEqual({ kind: 'combo', stroke: { ctrl: false, alt: false, shift: false, meta: false, key: 'j' } })
    expect(parseHotkey('Ctrl+Shift+K')?.kind).toBe('combo')
    expect(parseHotkey('g>t')).toMatchObject({ kind: 'sequence', strokes: [{ key: 'g' }, { key: 't' }] })
    expect(parseHotkey('Space')).toMatchObject({ stroke: { key: 'Space' } })
    expect(parseHotkey('+')).toMatchObject({ stroke: { key: '+' } })
  })

  it('refuses to mix + and > (SPEC §2) and rejects junk', () => {
    expect(isValidHotkey('Ctrl+g>t')).toBe(false)
    expect(isValidHotkey('g>Shift+t')).toBe(false)
    expect(isValidHotkey('')).toBe(false)
    expect(isValidHotkey('Ctrl+')).toBe(false)
    expect(isValidHotkey('Shift+Ctrl')).toBe(true) // the key "ctrl" itself is not a stroke worth having, but parses
  })

  it('compares case- and order-insensitively', () => {
    expect(canonicalHotkey('shift+K')).toBe(canonicalHotkey('Shift+k'))
    expect(canonicalHotkey('Alt+Ctrl+x')).toBe(canonicalHotkey('Ctrl+Alt+X'))
    expect(canonicalHotkey('?')).toBe(canonicalHotkey('Shift+?'))
  })

  it('matches keyboard events', () => {
    const combo = parseHotkey('Shift+m')
    if (combo?.kind !== 'combo') throw new Error('combo')
    expect(strokeMatches(combo.stroke, ev('M', { shiftKey: true }))).toBe(true)
    expect(strokeMatches(combo.stroke, ev('m'))).toBe(false)
    const question = parseHotkey('?')
    if (question?.kind !== 'combo') throw new Error('combo')
    expect(strokeMatches(question.stroke, ev('?', { shiftKey: true }))).toBe(true)
    const space = parseHotkey('Space')
    if (space?.kind !== 'combo') throw new Error('combo')
    expect(strokeMatches(space.stroke, ev(' '))).toBe(true)
  })

  it('completes sequences only within 1000 ms', () => {
    const seq = parseHotkey('g>t')
    if (seq?.kind !== 'sequence') throw new Error('sequence')
    const buffer = new SequenceBuffer()
    buffer.push(ev('g'), 0)
    expect(buffer.isPrefixOf(seq.strokes)).toBe(true)
    buffer.push(ev('t'), 900)
    expect(buffer.endsWith(seq.strokes)).toBe(true)
    buffer.push(ev('g'), 1000)
    buffer.push(ev('t'), 2100)
    expect(buffer.endsWith(seq.strokes)).toBe(false)
  })

  it('labels keys for display', () => {
    expect(hotkeyLabels('g>t')).toEqual([['G'], ['T']])
    expect(hotkeyLabels('Shift+ArrowDown')[0]).toContain('↓')
  })
})
