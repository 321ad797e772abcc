/**
 * The jump-out link warning (SPEC §3 general setting `jumpOutLinkWarn`): a click on a link in
 * entry content that leaves Brook (another origin) first asks, in `JumpOutDialog`, with the
 * address, Open / Cancel and "don't ask again" (which turns the setting off). With the setting
 * off, such links open in a new tab at once, as the sanitizer made them (`target=_blank`).
 */
import { DEFAULT_GENERAL_SETTINGS } from '@brook/shared/settingsDefaults'
import type { MouseEvent } from 'react'
import { create } from 'zustand'
import { updateSettings } from '../../store/index.ts'
import { useSettingsStore } from '../../store/entities/settings.ts'
import { openExternal } from '../platform/platform.ts'

export const useJumpOutStore = create<{ url: string | null }>(() => ({ url: null }))

/** True for an http(s) address on another origin than the app's. */
export function isExternalLink(href: string, origin: string = location.origin): boolean {
  try {
    const url = new URL(href, origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin
  } catch {
    return false
  }
}

/** The setting as stored, or its default (on). */
export function jumpOutWarnOn(): boolean {
  const stored = useSettingsStore.getState().tabs.general.jumpOutLinkWarn
  return typeof stored === 'boolean' ? stored : DEFAULT_GENERAL_SETTINGS.jumpOutLinkWarn
}

/** A click in entry content: a plain or modified primary click on an external link asks first when the setting is on. */
export function interceptJumpOut(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return
  const link = (event.target as HTMLElement).closest?.('a[href]') as HTMLAnchorElement | null
  if (!link || !isExternalLink(link.href) || !jumpOutWarnOn()) return
  event.preventDefault()
  useJumpOutStore.setState({ url: link.href })
}

/** "Open": opens the address in a new tab; with "don't ask again" the setting goes off (and syncs). */
export function confirmJumpOut(dontAskAgain: boolean): void {
  const { url } = useJumpOutStore.getState()
  useJumpOutStore.setState({ url: null })
  if (dontAskAgain) void updateSettings('general', { jumpOutLinkWarn: false })
  if (url) openExternal(url)
}

export function cancelJumpOut(): void {
  useJumpOutStore.setState({ url: null })
}
