/** Appearance values of the ui settings turned into what the document needs (colours, fonts, theme). */

/** Named accent colours; the ui setting holds one of these names or a #hex. */
export const ACCENT_COLORS: Record<string, string> = {
  orange: '#ff5c00',
  red: '#ef4444',
  pink: '#ec4899',
  purple: '#a855f7',
  indigo: '#6366f1',
  blue: '#3b82f6',
  sky: '#0ea5e9',
  teal: '#14b8a6',
  green: '#22c55e',
  yellow: '#eab308',
}

/** The hex of an accent setting; orange when unknown. */
export function accentHex(value: string | undefined): string {
  if (value && /^#[0-9a-f]{6}$/i.test(value)) return value
  return ACCENT_COLORS[value ?? ''] ?? ACCENT_COLORS.orange
}

/** Font stacks offered for the UI and the reader. */
export const FONT_FAMILIES: Record<string, string> = {
  'system-ui': 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "PingFang SC", "Hiragino Sans", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans CJK JP", sans-serif',
  inherit: 'inherit',
  serif: 'ui-serif, Georgia, Cambria, "Times New Roman", "Noto Serif", "Songti SC", "Noto Serif CJK SC", serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  rounded: 'ui-rounded, "SF Pro Rounded", "Hiragino Maru Gothic ProN", system-ui, sans-serif',
}

/** A CSS font-family value for a setting (a known name, or the value itself as a family name). */
export function fontStack(value: string | undefined, fallback = 'system-ui'): string {
  const key = value || fallback
  if (key in FONT_FAMILIES) return FONT_FAMILIES[key]
  return `"${key.replace(/"/g, '')}", ${FONT_FAMILIES['system-ui']}`
}

export type ThemeSetting = 'system' | 'light' | 'dark'

/** Resolves the theme setting against the system preference. */
export function resolveTheme(theme: ThemeSetting, systemDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (systemDark ? 'dark' : 'light') : theme
}
