/**
 * The three synced settings tabs of SPEC §3 (ui, general, ai): their defaults, the keys each tab
 * accepts, and a zod schema per tab that both the server (PATCH /settings/{tab}) and the web app
 * (the settings queue) use to filter and check payloads.
 */
import { z } from 'zod'

/** Tabs the server stores; anything else is error 7001. */
export const SETTINGS_TABS = ['ui', 'general', 'ai'] as const
export type SettingsTab = (typeof SETTINGS_TABS)[number]

/** A stored tab payload may not exceed this many bytes of JSON (error 7003). */
export const SETTINGS_PAYLOAD_MAX_BYTES = 64 * 1024

/** True when s names a synced tab. */
export function isSettingsTab(s: unknown): s is SettingsTab {
  return typeof s === 'string' && (SETTINGS_TABS as readonly string[]).includes(s)
}

const shortText = z.string().max(200)

/** Who may see a profile or its public subscriptions: anyone (signed out too), people signed in to this instance, or only me. */
export const PROFILE_AUDIENCES = ['everyone', 'users', 'me'] as const
export type ProfileAudience = (typeof PROFILE_AUDIENCES)[number]

/** True when Intl knows the IANA time zone name. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

const generalShape = {
  appLaunchOnStartup: z.boolean(),
  language: z.string().max(20),
  translation: z.boolean(),
  translationMode: z.enum(['bilingual', 'translation-only']),
  summary: z.boolean(),
  actionLanguage: z.string().max(20),
  startupScreen: z.enum(['timeline', 'subscription']),
  sendAnonymousData: z.boolean(),
  showQuickTimeline: z.boolean(),
  autoGroup: z.boolean(),
  hideAllReadSubscriptions: z.boolean(),
  hidePrivateSubscriptionsInTimeline: z.boolean(),
  unreadOnly: z.boolean(),
  scrollMarkUnread: z.boolean(),
  hoverMarkUnread: z.boolean(),
  renderMarkUnread: z.boolean(),
  groupByDate: z.boolean(),
  autoExpandLongSocialMedia: z.boolean(),
  dimRead: z.boolean(),
  jumpOutLinkWarn: z.boolean(),
  voice: shortText,
  enhancedSettings: z.boolean(),
  openLinksInExternalApp: z.boolean(),
  /** Brook: seconds the mark-all-read confirmation counts down before it marks (0: marks at once). SPEC §9 "configurable". */
  markAllReadCountdown: z.number().int().min(0).max(30),
  /** Brook: the IANA time zone the daily digest's 8 AM / 8 PM follow (issue 10; default UTC). */
  timeZone: z.string().max(64).refine(isTimeZone, 'not a time zone'),
  /** Brook (issue 19, Settings → Privacy): who may open my profile page (`GET /api/profiles`). */
  profileVisibility: z.enum(PROFILE_AUDIENCES),
  /** Brook (issue 19): who may see the subscriptions I did not make private, and my lists, on that page. */
  subscriptionsVisibility: z.enum(PROFILE_AUDIENCES),
}

const uiShape = {
  accentColor: shortText,
  entryColWidth: z.number().int().min(0).max(4000),
  aiColWidth: z.number().int().min(0).max(4000),
  feedColWidth: z.number().int().min(0).max(4000),
  thumbnailRatio: z.enum(['square', 'original']),
  uiTextSize: z.number().min(8).max(48),
  contentFontSize: z.number().min(8).max(48),
  contentLineHeight: z.number().min(1).max(3),
  theme: z.enum(['system', 'light', 'dark']),
  toolbarOrder: z.object({ main: z.array(shortText).max(100), more: z.array(shortText).max(100) }),
  discoverLanguage: z.enum(['all', 'eng', 'cmn']),
  uiFontFamily: shortText,
  readerFontFamily: shortText,
  opaqueSidebar: z.boolean(),
  codeHighlightThemeLight: shortText,
  codeHighlightThemeDark: shortText,
  showDockBadge: z.boolean(),
  sidebarShowUnreadCount: z.boolean(),
  hideExtraBadge: z.boolean(),
  dateFormat: shortText,
  readerRenderInlineStyle: z.boolean(),
  modalOverlay: z.boolean(),
  reduceMotion: z.boolean(),
  usePointerCursor: z.boolean(),
  wideMode: z.boolean(),
  zenMode: z.boolean(),
}

const aiShape = {
  personalizePrompt: z.string().max(4000),
  shortcuts: z.array(z.object({ name: z.string().min(1).max(100), prompt: z.string().min(1).max(4000), enabled: z.boolean() })).max(100),
  autoScrollWhenStreaming: z.boolean(),
  panelStyle: z.enum(['fixed', 'floating']),
}

/** Per tab: a strict partial schema — only the tab's keys, each with its type. */
export const settingsPatchSchemas = {
  general: z.strictObject(generalShape).partial(),
  ui: z.strictObject(uiShape).partial(),
  ai: z.strictObject(aiShape).partial(),
} as const

/** Per tab: every key with its type (what GET /settings answers: the defaults with the stored values over them). */
export const settingsTabSchemas = {
  general: z.object(generalShape),
  ui: z.object(uiShape),
  ai: z.object(aiShape),
} as const

export type GeneralSettings = z.infer<z.ZodObject<typeof generalShape>>
export type UiSettings = z.infer<z.ZodObject<typeof uiShape>>
export type AiSettings = z.infer<z.ZodObject<typeof aiShape>>
export interface SettingsByTab {
  general: GeneralSettings
  ui: UiSettings
  ai: AiSettings
}

// Defaults live in settingsDefaults.ts (no zod), so the web app can read them without shipping zod.
// So do the keys of each tab (the defaults name every key) and the payload filter built on them.
export { DEFAULT_AI_SETTINGS, DEFAULT_GENERAL_SETTINGS, DEFAULT_TOOLBAR_MAIN, defaultSettings, defaultUiSettings, ENHANCED_ONLY_KEYS, filterSettingsPayload, SETTINGS_KEYS } from './settingsDefaults.ts'

