/** The six feed views of SPEC §3 with their numbers. */
export const FeedViewType = {
  Articles: 0,
  SocialMedia: 1,
  Pictures: 2,
  Videos: 3,
  Audios: 4,
  Notifications: 5,
} as const

export type FeedViewType = (typeof FeedViewType)[keyof typeof FeedViewType]

/** Every view number in order. */
export const FEED_VIEWS: readonly FeedViewType[] = [0, 1, 2, 3, 4, 5]

/** Per-view display facts of SPEC §3. */
export const VIEW_INFO: Record<FeedViewType, { name: string; tab: string; color: string; wide: boolean; grid: boolean; translation: readonly string[]; alwaysShown: boolean }> = {
  0: { name: 'Articles', tab: 'article', color: '#FF5C00', wide: false, grid: false, translation: ['title', 'description'], alwaysShown: true },
  1: { name: 'Social media', tab: 'social', color: '#0ea5e9', wide: true, grid: false, translation: ['content'], alwaysShown: true },
  2: { name: 'Pictures', tab: 'picture', color: '#22c55e', wide: true, grid: true, translation: ['title'], alwaysShown: true },
  3: { name: 'Videos', tab: 'video', color: '#ef4444', wide: true, grid: true, translation: ['title'], alwaysShown: true },
  4: { name: 'Audios', tab: 'audio', color: '#a855f7', wide: false, grid: false, translation: ['title'], alwaysShown: false },
  5: { name: 'Notifications', tab: 'notification', color: '#eab308', wide: false, grid: false, translation: ['title'], alwaysShown: false },
}

/** True when n is one of the six view numbers. */
export function isFeedView(n: unknown): n is FeedViewType {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 5
}
