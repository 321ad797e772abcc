/**
 * Defaults of the three settings tabs (SPEC §3) and the enhanced-only keys (SPEC §5), kept apart
 * from the zod schemas in settings.ts so a client can use them without loading zod.
 */
import type { AiSettings, GeneralSettings, SettingsByTab, SettingsTab, UiSettings } from './settings.ts'

/** Main toolbar actions by default (SPEC §2); the web app's action ids. */
export const DEFAULT_TOOLBAR_MAIN = ['entry:read', 'entry:star', 'entry:toggle-ai-summary', 'entry:readability', 'entry:view-source-content', 'entry:share'] as const

export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  appLaunchOnStartup: false,
  language: 'en',
  translation: false,
  translationMode: 'bilingual',
  summary: true,
  actionLanguage: 'default',
  startupScreen: 'timeline',
  // Opt-in (issue 19): nothing leaves the app for analytics until the user says so.
  sendAnonymousData: false,
  showQuickTimeline: true,
  autoGroup: true,
  hideAllReadSubscriptions: false,
  hidePrivateSubscriptionsInTimeline: false,
  unreadOnly: true,
  scrollMarkUnread: true,
  hoverMarkUnread: true,
  renderMarkUnread: false,
  groupByDate: true,
  autoExpandLongSocialMedia: false,
  dimRead: false,
  jumpOutLinkWarn: true,
  voice: 'en-US-AndrewMultilingualNeural',
  enhancedSettings: false,
  openLinksInExternalApp: false,
  markAllReadCountdown: 3,
  timeZone: 'UTC',
  // Issue 19 (Settings → Privacy): what GET /api/profiles answered before the setting existed — signed-in people only.
  profileVisibility: 'users',
  subscriptionsVisibility: 'users',
}

/** UI defaults; discoverLanguage depends on the browser language (SPEC §3). */
export function defaultUiSettings(browserLanguage = 'en'): UiSettings {
  return {
    accentColor: 'orange',
    entryColWidth: 356,
    aiColWidth: 384,
    feedColWidth: 256,
    thumbnailRatio: 'square',
    uiTextSize: 16,
    contentFontSize: 16,
    contentLineHeight: 1.75,
    theme: 'system',
    toolbarOrder: { main: [...DEFAULT_TOOLBAR_MAIN], more: [] },
    discoverLanguage: browserLanguage.toLowerCase().startsWith('zh') ? 'all' : 'eng',
    uiFontFamily: 'system-ui',
    readerFontFamily: 'inherit',
    opaqueSidebar: false,
    codeHighlightThemeLight: 'github-light',
    codeHighlightThemeDark: 'github-dark',
    showDockBadge: false,
    sidebarShowUnreadCount: true,
    hideExtraBadge: false,
    dateFormat: 'default',
    readerRenderInlineStyle: false,
    modalOverlay: true,
    reduceMotion: false,
    usePointerCursor: false,
    wideMode: false,
    zenMode: false,
  }
}

export const DEFAULT_AI_SETTINGS: AiSettings = {
  personalizePrompt: '',
  shortcuts: [],
  autoScrollWhenStreaming: true,
  // SPEC §2 "AI chat panel: floating, default size 500 by 600"; fixed (a column that opens at start-up) is the user's choice.
  panelStyle: 'floating',
}

/** Every tab's defaults. */
export function defaultSettings(browserLanguage?: string): SettingsByTab {
  return { general: { ...DEFAULT_GENERAL_SETTINGS }, ui: defaultUiSettings(browserLanguage), ai: { ...DEFAULT_AI_SETTINGS, shortcuts: [] } }
}

/** Keys that fall back to their defaults while enhancedSettings is off (SPEC §5). */
export const ENHANCED_ONLY_KEYS = {
  general: ['groupByDate', 'autoExpandLongSocialMedia'],
  ui: ['hideExtraBadge', 'codeHighlightThemeLight', 'codeHighlightThemeDark', 'dateFormat', 'readerRenderInlineStyle', 'modalOverlay', 'reduceMotion', 'usePointerCursor', 'opaqueSidebar'],
} as const

/** The keys each tab accepts (SPEC §5: payloads are filtered to them) — the keys of its defaults. */
export const SETTINGS_KEYS: { [T in SettingsTab]: readonly (keyof SettingsByTab[T])[] } = {
  general: Object.keys(DEFAULT_GENERAL_SETTINGS) as (keyof GeneralSettings)[],
  ui: Object.keys(defaultUiSettings()) as (keyof UiSettings)[],
  ai: Object.keys(DEFAULT_AI_SETTINGS) as (keyof AiSettings)[],
}

/** Keeps only the tab's known keys (SPEC §5); returns null when nothing is left to send. */
export function filterSettingsPayload<T extends SettingsTab>(tab: T, payload: Record<string, unknown>): Partial<SettingsByTab[T]> | null {
  const allowed = SETTINGS_KEYS[tab] as readonly string[]
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(payload)) if (allowed.includes(key) && value !== undefined) out[key] = value
  return Object.keys(out).length > 0 ? (out as Partial<SettingsByTab[T]>) : null
}
