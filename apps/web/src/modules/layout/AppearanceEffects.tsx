/**
 * Applies the appearance settings to the document root: theme (`data-theme`, which the `dark:`
 * variant follows), accent colour, UI and reader fonts and sizes, and the wide and zen modes
 * (`data-wide`, `data-zen`; SPEC §2: effective wide mode is on when either is on).
 */
import { useEffect } from 'react'
import { writeLocal } from '../../lib/storage.ts'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { accentHex, fontStack, resolveTheme } from './appearance.ts'
import { useMediaQuery } from './useMediaQuery.ts'

export function AppearanceEffects() {
  const ui = useUiSettings()
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)')
  const theme = resolveTheme(ui.theme, systemDark)

  useEffect(() => {
    const root = document.documentElement
    root.dataset.theme = theme
    root.style.colorScheme = theme
    writeLocal('theme', ui.theme)
  }, [theme, ui.theme])

  useEffect(() => {
    const root = document.documentElement.style
    const accent = accentHex(ui.accentColor)
    // styles.css derives --color-accent from this: darkened on light backgrounds so accent text and
    // white-on-accent buttons keep a 4.5:1 contrast (the default orange passes; issue 15's axe check).
    root.setProperty('--color-accent-raw', accent)
    root.setProperty('--font-sans', fontStack(ui.uiFontFamily))
    root.setProperty('--reader-font', ui.readerFontFamily === 'inherit' ? 'var(--font-sans)' : fontStack(ui.readerFontFamily))
    root.setProperty('--ui-text-size', `${ui.uiTextSize}px`)
    root.setProperty('--reader-text-size', `${ui.contentFontSize}px`)
    root.setProperty('--reader-line-height', String(ui.contentLineHeight))
  }, [ui.accentColor, ui.uiFontFamily, ui.readerFontFamily, ui.uiTextSize, ui.contentFontSize, ui.contentLineHeight])

  useEffect(() => {
    const root = document.documentElement
    if (ui.zenMode) root.dataset.zen = 'true'
    else delete root.dataset.zen
    if (ui.wideMode || ui.zenMode) root.dataset.wide = 'true'
    else delete root.dataset.wide
    if (ui.opaqueSidebar) root.dataset.opaqueSidebar = 'true'
    else delete root.dataset.opaqueSidebar
    if (ui.reduceMotion) root.dataset.reduceMotion = 'true'
    else delete root.dataset.reduceMotion
  }, [ui.zenMode, ui.wideMode, ui.opaqueSidebar, ui.reduceMotion])

  return null
}
