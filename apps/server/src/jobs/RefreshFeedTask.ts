/** @module The one job of the feed engine: check one feed. Serializable, so BullMQ can carry it. */
import type { FeedService, RefreshOutcome } from '../domains/feeds/service.ts'

export type RefreshFeedTask = {
  feedId: string
  /** For logs and per-host ordering; the feed row is authoritative. */
  url: string
}

/** Runs a task: the feed service holds the per-feed lease and records every outcome on the feed. */
export function runRefreshFeedTask(feeds: Pick<FeedService, 'refreshFeed'>, task: RefreshFeedTask): Promise<RefreshOutcome> {
  return feeds.refreshFeed(task.feedId)
}
