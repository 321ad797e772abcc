/**
 * The normalize step of the feed pipeline: feedsmith's format-shaped result → Brook's one shape
 * (NormalizedFeed). Pure: the same input, feed URL and `now` give the same output.
 * @module
 */
import type { AnyFeed } from 'feedsmith'
import type { NormalizeContext } from './entry.ts'
import { fromAtom } from './fromAtom.ts'
import { fromJson } from './fromJson.ts'
import { fromRss } from './fromRss.ts'
import type { NormalizedFeed } from './types.ts'

export type { NormalizeContext } from './entry.ts'

/** Maps a parsed feed of any format onto NormalizedFeed. */
export function normalizeFeed(parsed: AnyFeed, ctx: NormalizeContext): NormalizedFeed {
  switch (parsed.format) {
    case 'rss':
    case 'rdf':
      return fromRss(parsed.feed, ctx)
    case 'atom':
      return fromAtom(parsed.feed, ctx)
    case 'json':
      return fromJson(parsed.feed, ctx)
  }
}
