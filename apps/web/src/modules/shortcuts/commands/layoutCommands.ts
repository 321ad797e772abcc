/** SPEC §2 action groups "layout", "global" and "settings". */
import { updateSettings } from '../../../store/index.ts'
import { useSettingsStore } from '../../../store/entities/settings.ts'
import { navigate } from '../../../lib/navigation.ts'
import { openQuickAdd } from '../../discover/quickAddStore.ts'
import { openSearch } from '../../search/searchStore.ts'
import { useLayoutStore } from '../../layout/useLayoutStore.ts'
import { usePlayerStore } from '../../player/usePlayerStore.ts'
import { platform } from '../../platform/platform.ts'
import { focusRegion } from '../focusRegions.ts'
import { useShortcutsGuideStore } from '../guideStore.ts'
import type { Command } from '../registry.ts'

const uiFlag = (key: 'wideMode' | 'zenMode') => useSettingsStore.getState().tabs.ui[key] === true
const ANYWHERE = ['home', 'timeline', 'entry-render', 'subscription-list', 'sub-layer', 'video-player'] as const
/** SPEC §2: the desktop shell provides ⌘/Ctrl+, T and N itself; the web build handles them here. */
const webOwnsGlobal = () => platform().ownsGlobalShortcuts

export const layoutCommands: Command[] = [
  { id: 'layout:toggle-subscription-column', group: 'layout', labelKey: 'layout.toggle-subscription-column', defaultHotkey: '[', run: () => useLayoutStore.getState().toggleSubscriptionColumn() },
  { id: 'layout:focus-timeline', group: 'layout', labelKey: 'layout.focus-timeline', defaultHotkey: 'g>t', run: () => void focusRegion('timeline') },
  { id: 'layout:focus-subscription', group: 'layout', labelKey: 'layout.focus-subscription', defaultHotkey: 'g>s', run: () => void focusRegion('subscription-list') },
  { id: 'layout:focus-entry-render', group: 'layout', labelKey: 'layout.focus-entry-render', defaultHotkey: 'g>e', run: () => void focusRegion('entry-render') },
  { id: 'layout:toggle-wide-mode', group: 'layout', labelKey: 'layout.toggle-wide-mode', defaultHotkey: 'Shift+w', run: () => void updateSettings('ui', { wideMode: !uiFlag('wideMode') }) },
  { id: 'layout:toggle-zen-mode', group: 'layout', labelKey: 'layout.toggle-zen-mode', defaultHotkey: 'z', run: () => void updateSettings('ui', { zenMode: !uiFlag('zenMode') }) },
]

export const globalCommands: Command[] = [
  { id: 'global:show-shortcuts', group: 'global', labelKey: 'global.show-shortcuts', defaultHotkey: '?', regions: ANYWHERE, run: () => useShortcutsGuideStore.getState().toggle() },
  { id: 'global:toggle-corner-play', group: 'global', labelKey: 'global.toggle-corner-play', defaultHotkey: 'Shift+p', enabled: () => !!usePlayerStore.getState().src, run: () => usePlayerStore.getState().toggle() },
  { id: 'global:search', group: 'global', labelKey: 'global.search', defaultHotkey: 'Mod+k', regions: ANYWHERE, run: () => openSearch() },
  { id: 'global:quick-add', group: 'global', labelKey: 'global.quick-add', defaultHotkey: 'Mod+n', regions: ANYWHERE, enabled: webOwnsGlobal, run: () => openQuickAdd() },
  { id: 'global:open-settings', group: 'global', labelKey: 'global.open-settings', defaultHotkey: 'Mod+,', regions: ANYWHERE, enabled: webOwnsGlobal, run: () => navigate('/settings') },
  { id: 'global:discover', group: 'global', labelKey: 'global.discover', defaultHotkey: 'Mod+t', regions: ANYWHERE, enabled: webOwnsGlobal, run: () => navigate('/discover') },
]

export const settingsCommands: Command[] = [
  { id: 'settings:theme-auto', group: 'settings', labelKey: 'settings.theme-auto', run: () => void updateSettings('ui', { theme: 'system' }) },
  { id: 'settings:theme-dark', group: 'settings', labelKey: 'settings.theme-dark', run: () => void updateSettings('ui', { theme: 'dark' }) },
  { id: 'settings:theme-light', group: 'settings', labelKey: 'settings.theme-light', run: () => void updateSettings('ui', { theme: 'light' }) },
  { id: 'settings:customize-toolbar', group: 'settings', labelKey: 'settings.customize-toolbar', run: () => navigate('/settings/appearance#toolbar') },
]
