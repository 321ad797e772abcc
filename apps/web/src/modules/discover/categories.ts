/** Discovery categories of SPEC §3. */
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

export function isDiscoverCategory(value: string | undefined): value is DiscoverCategory {
  return (DISCOVER_CATEGORIES as readonly string[]).includes(value ?? '')
}
