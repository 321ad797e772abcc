/** Discovery categories of SPEC §3 (the same names RSSHub gives its routes). */
export const DISCOVER_CATEGORIES = [
  'popular',
  'anime',
  'bbs',
  'blog',
  'design',
  'finance',
  'forecast',
  'game',
  'government',
  'journal',
  'live',
  'multimedia',
  'new-media',
  'picture',
  'program-update',
  'programming',
  'reading',
  'shopping',
  'social-media',
  'study',
  'traditional-media',
  'travel',
  'university',
] as const

export type DiscoverCategory = (typeof DISCOVER_CATEGORIES)[number]

export function isDiscoverCategory(value: string | null | undefined): value is DiscoverCategory {
  return (DISCOVER_CATEGORIES as readonly string[]).includes(value ?? '')
}

/**
 * The one category a feed is filed under for discovery, from an RSSHub route's categories: the
 * first SPEC §3 category other than `popular` (which RSSHub adds to its most used routes, and
 * which Brook's own "popular" page derives from subscriber counts instead); null when none fits.
 */
export function feedCategoryOf(routeCategories: readonly string[]): DiscoverCategory | null {
  return (routeCategories.find((c) => c !== 'popular' && isDiscoverCategory(c)) as DiscoverCategory | undefined) ?? null
}
