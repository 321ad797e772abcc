/**
 * Feed claiming (SPEC §1, docs/power.md): a user proves they run a feed by putting a token where
 * only its author can — the feed's description or an item, or a `<meta>` tag on its site — and
 * becomes its owner: tips to the feed then go to them, and tips that waited in the feed's
 * account move to them at once. A feed someone else claimed stays theirs (2010).
 */
import crypto from 'node:crypto'
import { AppError } from '../../lib/appError.ts'
import { presentFeed, type FeedJson } from './present.ts'
import type { FeedsRepo } from './repo.ts'
import type { FeedService } from './service.ts'

export type ClaimMessageJson = { token: string; description: string; meta: string; json: string }
export type ClaimResultJson = { feedId: string; ownerUserId: string; moved: string }

export function createFeedClaimService(deps: { repo: FeedsRepo; feeds: Pick<FeedService, 'fetchText'>; secret: string }) {
  const { repo, feeds, secret } = deps

  /** The user's token for a feed: stable, unguessable without the instance secret. */
  const tokenOf = (userId: string, feedId: string) => `brook-claim-${crypto.createHmac('sha256', secret).update(`feed-claim:${userId}:${feedId}`).digest('hex').slice(0, 32)}`

  async function mustGet(feedId: string) {
    const feed = await repo.findById(feedId)
    if (!feed) throw new AppError(2001)
    return feed
  }

  return {
    /** POST /feeds/claim/message: the verification strings. */
    async message(userId: string, feedId: string): Promise<ClaimMessageJson> {
      await mustGet(feedId)
      const token = tokenOf(userId, feedId)
      return { token, description: `This feed is claimed on Brook: ${token}`, meta: `<meta name="brook-claim" content="${token}">`, json: JSON.stringify({ brookClaim: token }) }
    },

    /** POST /feeds/claim/challenge: fetches the feed (and its site) now and looks for the token. */
    async challenge(userId: string, feedId: string): Promise<ClaimResultJson> {
      const feed = await mustGet(feedId)
      if (feed.ownerUserId && feed.ownerUserId !== userId) throw new AppError(2010, { reason: 'This feed is already claimed by someone else' })
      const token = tokenOf(userId, feedId)
      const places = [feed.url, ...(feed.siteUrl && feed.siteUrl !== feed.url ? [feed.siteUrl] : [])]
      let found = false
      for (const url of places) {
        const text = await feeds.fetchText(url)
        if (text?.includes(token)) {
          found = true
          break
        }
      }
      if (!found) throw new AppError(2010, { reason: 'The token was not found in the feed, its items or its site' })
      const { claimed, moved } = await repo.claimOwnership(feedId, userId, new Date().toISOString())
      if (!claimed) throw new AppError(2010, { reason: 'This feed is already claimed by someone else' })
      return { feedId, ownerUserId: userId, moved }
    },

    /** GET /feeds/claim/list: the feeds the user has claimed. */
    async list(userId: string): Promise<FeedJson[]> {
      return (await repo.ownedBy(userId)).map((f) => presentFeed(f))
    },
  }
}

export type FeedClaimService = ReturnType<typeof createFeedClaimService>
