import { FeedViewType } from '@brook/shared'
import { describe, expect, it } from 'vitest'
import { mergeSuggestions, viewForCategory, type CategoryFeed, type TrendingFeed } from './suggestions.ts'

const feed = (id: string) => ({ id, url: `https://${id}.example/feed.xml`, title: `Feed ${id}`, image: null, siteUrl: null }) as unknown as CategoryFeed['feed']
const inCategory = (id: string, category: string, count = 1): CategoryFeed => ({ feed: feed(id), category, subscriptionCount: count, isSubscribed: false })
const trending = (id: string, count = 1): TrendingFeed => ({ feed: feed(id), subscriberCount: count }) as unknown as TrendingFeed

describe('onboarding suggestions', () => {
  it('takes turns between interests, then trending feeds; each feed once, at most the limit', () => {
    const design = [inCategory('d1', 'design', 9), inCategory('d2', 'design'), inCategory('shared', 'design')]
    const anime = [inCategory('a1', 'anime', 3), inCategory('shared', 'anime')]
    const merged = mergeSuggestions([design, anime], [trending('t1', 40), trending('a1')], 6)
    expect(merged.map((s) => s.feedId)).toEqual(['d1', 'a1', 'd2', 'shared', 't1'])
    expect(merged[0]).toMatchObject({ title: 'Feed d1', category: 'design', followers: 9 })
    expect(merged[4]).toMatchObject({ category: null, followers: 40 })
    expect(mergeSuggestions([design, anime], [trending('t1')], 3).map((s) => s.feedId)).toEqual(['d1', 'a1', 'd2'])
    expect(mergeSuggestions([], [])).toEqual([])
  })

  it('follows pictures, video and social categories in their views, the rest as articles', () => {
    expect(viewForCategory('picture')).toBe(FeedViewType.Pictures)
    expect(viewForCategory('multimedia')).toBe(FeedViewType.Videos)
    expect(viewForCategory('social-media')).toBe(FeedViewType.SocialMedia)
    expect(viewForCategory('programming')).toBe(FeedViewType.Articles)
    expect(viewForCategory(null)).toBe(FeedViewType.Articles)
  })
})
