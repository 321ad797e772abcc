/**
 * Claiming a feed, optimistically (SPEC §4): the feed shows the current user as its owner at once,
 * the challenge runs, and on a refusal the previous owner comes back. Kept locally on success.
 */
import { ANALYTICS_EVENTS } from '@brook/shared'
import { api } from '../../api/client.ts'
import { analytics } from '../analytics/analytics.ts'
import { localDb } from '../../db/index.ts'
import { upsertFeeds } from '../../db/repositories/sources.ts'
import { useFeedStore } from '../../store/entities/feeds.ts'

export async function claimFeed(feedId: string, userId: string) {
  const store = useFeedStore.getState()
  const previous = store.byId[feedId] ?? null
  if (previous) store.upsert([{ ...previous, ownerUserId: userId }])
  try {
    const answer = await api.post('/feeds/claim/challenge', { feedId })
    analytics.track(ANALYTICS_EVENTS.feedClaimed)
    const now = useFeedStore.getState().byId[feedId]
    if (now) await localDb.write(upsertFeeds([{ ...now, ownerUserId: answer.ownerUserId }]))
    return answer
  } catch (error) {
    // Only undo our own change: if something else changed the owner meanwhile, leave it.
    const now = useFeedStore.getState().byId[feedId]
    if (previous && now?.ownerUserId === userId) useFeedStore.getState().upsert([{ ...now, ownerUserId: previous.ownerUserId }])
    throw error
  }
}
