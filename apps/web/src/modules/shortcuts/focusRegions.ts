/**
 * Focus regions of SPEC §2. Screens mark their containers with `data-focus-region`; the active
 * region is the one holding keyboard focus, except that an open dialog or menu wins (modal,
 * dropdown-menu) and a hotkey recorder takes everything (recording).
 */
import { create } from 'zustand'
import type { FocusRegion } from './registry.ts'

interface RecordingState {
  recording: boolean
  setRecording: (recording: boolean) => void
}

/** True while the shortcuts page records a new hotkey. */
export const useRecordingStore = create<RecordingState>((set) => ({ recording: false, setRecording: (recording) => set({ recording }) }))

/** Props that make an element a focus region (focusable by script and by click). */
export function focusRegionProps(region: FocusRegion) {
  return { 'data-focus-region': region, tabIndex: -1 } as const
}

/** The region that receives hotkeys now. */
export function activeRegion(doc: Document = document): FocusRegion {
  if (useRecordingStore.getState().recording) return 'recording'
  if (doc.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [data-modal-open="true"]')) return 'modal'
  if (doc.querySelector('[role="menu"][data-state="open"]')) return 'dropdown-menu'
  const active = doc.activeElement
  const region = active instanceof Element ? active.closest('[data-focus-region]')?.getAttribute('data-focus-region') : null
  return (region as FocusRegion | null) ?? 'home'
}

/** Moves keyboard focus into a region; false when it is not on screen. */
export function focusRegion(region: FocusRegion, doc: Document = document): boolean {
  const el = doc.querySelector<HTMLElement>(`[data-focus-region="${region}"]`)
  if (!el) return false
  el.focus({ preventScroll: true })
  return true
}

/** True when the event comes from a form field or editable content (SPEC §2 hotkey rule). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(type)
  }
  return false
}
