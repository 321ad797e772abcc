/**
 * Hotkeys of SPEC §2: a combination (`Mod+Shift+K`, `?`, `Space`) or a sequence of single keys
 * (`g>t`), never both — a hotkey may not mix `+` and `>`. `Mod` is ⌘ on Apple systems and Ctrl
 * elsewhere. Sequences must be completed within 1000 ms.
 */

export const SEQUENCE_TIMEOUT_MS = 1000

const MODIFIERS = ['Mod', 'Ctrl', 'Alt', 'Shift', 'Meta'] as const
type Modifier = (typeof MODIFIERS)[number]

/** One key press: modifiers plus a key name (lower-case letters, `Space`, `ArrowDown`, `?`…). */
export interface KeyStroke {
  ctrl: boolean
  alt: boolean
  shift: boolean
  meta: boolean
  key: string
}

export type ParsedHotkey = { kind: 'combo'; stroke: KeyStroke } | { kind: 'sequence'; strokes: KeyStroke[] }

export const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

const KEY_ALIASES: Record<string, string> = {
  ' ': 'Space',
  space: 'Space',
  spacebar: 'Space',
  esc: 'Escape',
  escape: 'Escape',
  enter: 'Enter',
  return: 'Enter',
  tab: 'Tab',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
  backspace: 'Backspace',
  delete: 'Delete',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  plus: '+',
  comma: ',',
}

/** The canonical name of a key: single characters lower-cased, named keys in KeyboardEvent.key form. */
export function normalizeKey(key: string): string {
  const alias = KEY_ALIASES[key.toLowerCase()]
  if (alias) return alias
  if (key.length === 1) return key.toLowerCase()
  if (/^f\d{1,2}$/i.test(key)) return key.toUpperCase()
  return key.charAt(0).toUpperCase() + key.slice(1)
}

/** True for keys typed with Shift whose shifted form is its own key (`?`, `!`): Shift is not compared. */
function isSymbol(key: string): boolean {
  return key.length === 1 && !/[a-z0-9]/.test(key)
}

function parseStroke(text: string, allowModifiers: boolean): KeyStroke | null {
  // `+` alone is the plus key; `Shift++` is Shift and plus.
  const parts = text === '+' ? ['+'] : text.endsWith('++') ? [...text.slice(0, -2).split('+'), '+'] : text.split('+')
  const stroke: KeyStroke = { ctrl: false, alt: false, shift: false, meta: false, key: '' }
  for (const [i, raw] of parts.entries()) {
    const part = raw.trim()
    if (!part) return null
    const modifier = MODIFIERS.find((m) => m.toLowerCase() === part.toLowerCase())
    if (modifier && i < parts.length - 1) {
      if (!allowModifiers) return null
      applyModifier(stroke, modifier)
      continue
    }
    if (i !== parts.length - 1) return null
    stroke.key = normalizeKey(part)
  }
  return stroke.key ? stroke : null
}

function applyModifier(stroke: KeyStroke, modifier: Modifier) {
  if (modifier === 'Mod') {
    if (isApple) stroke.meta = true
    else stroke.ctrl = true
  } else if (modifier === 'Ctrl') stroke.ctrl = true
  else if (modifier === 'Alt') stroke.alt = true
  else if (modifier === 'Shift') stroke.shift = true
  else stroke.meta = true
}

/** Parses a hotkey; null when it is empty or invalid (mixes `+` and `>`, unknown parts). */
export function parseHotkey(hotkey: string | null | undefined): ParsedHotkey | null {
  const text = (hotkey ?? '').trim()
  if (!text) return null
  if (text.includes('>') && text !== '>') {
    const steps = text.split('>').map((s) => s.trim())
    // SPEC §2: `+` and `>` do not mix (a step may still be the `+` key itself).
    if (steps.some((s) => s !== '+' && s.includes('+'))) return null
    const strokes = steps.map((s) => parseStroke(s, false))
    if (strokes.some((s) => !s) || strokes.length < 2) return null
    return { kind: 'sequence', strokes: strokes as KeyStroke[] }
  }
  const stroke = parseStroke(text, true)
  return stroke ? { kind: 'combo', stroke } : null
}

/** True when a hotkey parses. */
export function isValidHotkey(hotkey: string): boolean {
  return parseHotkey(hotkey) !== null
}

function strokeId(s: KeyStroke): string {
  const shift = s.shift && !isSymbol(s.key)
  return [s.ctrl && 'ctrl', s.alt && 'alt', shift && 'shift', s.meta && 'meta', s.key].filter(Boolean).join('+')
}

/** A canonical form, so `shift+K` and `Shift+k` compare equal (conflict detection). */
export function canonicalHotkey(hotkey: string): string | null {
  const parsed = parseHotkey(hotkey)
  if (!parsed) return null
  return parsed.kind === 'combo' ? strokeId(parsed.stroke) : parsed.strokes.map(strokeId).join('>')
}

/** The stroke of a keyboard event. */
export function strokeOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>): KeyStroke {
  return { ctrl: event.ctrlKey, alt: event.altKey, shift: event.shiftKey, meta: event.metaKey, key: normalizeKey(event.key) }
}

/** True when an event's stroke is this stroke. */
export function strokeMatches(stroke: KeyStroke, event: KeyStroke): boolean {
  return strokeId(stroke) === strokeId(event)
}

/** True for modifier keys pressed alone (they never finish a stroke). */
export function isModifierKey(key: string): boolean {
  return ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Fn'].includes(key)
}

const DISPLAY: Record<string, string> = {
  Space: 'Space',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  Enter: '↵',
  Backspace: '⌫',
}

/** The keys of a hotkey as labels for <kbd> (sequences separated by "then"). */
export function hotkeyLabels(hotkey: string): string[][] {
  const parsed = parseHotkey(hotkey)
  if (!parsed) return []
  const label = (s: KeyStroke) => {
    const keys: string[] = []
    if (s.ctrl) keys.push(isApple ? '⌃' : 'Ctrl')
    if (s.alt) keys.push(isApple ? '⌥' : 'Alt')
    if (s.shift && !isSymbol(s.key)) keys.push(isApple ? '⇧' : 'Shift')
    if (s.meta) keys.push(isApple ? '⌘' : 'Meta')
    keys.push(DISPLAY[s.key] ?? (s.key.length === 1 ? s.key.toUpperCase() : s.key))
    return keys
  }
  return parsed.kind === 'combo' ? [label(parsed.stroke)] : parsed.strokes.map(label)
}

/** The hotkey text of a recorded stroke (`Mod` for the platform's command key). */
export function hotkeyOfStroke(s: KeyStroke): string {
  const parts: string[] = []
  const mod = isApple ? s.meta : s.ctrl
  if (mod) parts.push('Mod')
  if (s.ctrl && isApple) parts.push('Ctrl')
  if (s.alt) parts.push('Alt')
  if (s.shift && !isSymbol(s.key)) parts.push('Shift')
  if (s.meta && !isApple) parts.push('Meta')
  parts.push(s.key.length === 1 ? s.key : s.key)
  return parts.join('+')
}

/**
 * Follows key presses for sequences: remembers the strokes of the last second and reports
 * whether the tail matches a sequence.
 */
export class SequenceBuffer {
  private strokes: KeyStroke[] = []
  private last = 0
  private readonly timeoutMs: number

  constructor(timeoutMs = SEQUENCE_TIMEOUT_MS) {
    this.timeoutMs = timeoutMs
  }

  push(stroke: KeyStroke, now = Date.now()): void {
    if (now - this.last > this.timeoutMs) this.strokes = []
    this.last = now
    this.strokes.push(stroke)
    if (this.strokes.length > 8) this.strokes.shift()
  }

  /** True when the remembered strokes end with the sequence. */
  endsWith(sequence: KeyStroke[]): boolean {
    if (sequence.length > this.strokes.length) return false
    const tail = this.strokes.slice(-sequence.length)
    return sequence.every((s, i) => strokeMatches(s, tail[i]))
  }

  /** True when the remembered strokes could still grow into the sequence. */
  isPrefixOf(sequence: KeyStroke[]): boolean {
    for (let n = Math.min(this.strokes.length, sequence.length - 1); n > 0; n--) {
      const tail = this.strokes.slice(-n)
      if (tail.every((s, i) => strokeMatches(sequence[i], s))) return true
    }
    return false
  }

  clear(): void {
    this.strokes = []
  }
}
