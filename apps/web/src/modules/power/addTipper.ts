/**
 * After a tip to an entry or a feed went through, the tipper shows at once among the feed's
 * supporters (its `tipUserIds`, latest first), in the store and the local database; the next
 * entries page from the server says the same.
 */
import { localDb } from '../../db/index.ts'
import { upsertFeeds } from '../../db/repositories/sources.ts'
import { useEntryStore } from '../../store/entities/entries.ts'
import { useFeedStore } from '../../store/entities/feeds.ts'
import { useSessionStore } from '../../store/session.ts'

export async function addTipper(target: { entryId?: string; feedId?: string }): Promise<void> {
  const me = useSessionStore.getState().whoami?.id
  const feedId = target.feedId ?? (target.entryId ? useEntryStore.getState().byId[target.entryId]?.feedId : null)
  const feed = feedId ? useFeedStore.getState().byId[feedId] : undefined
  if (!me || !feed) return
  const next = { ...feed, tipUserIds: [me, ...feed.tipUserIds.filter((id) => id !== me)] }
  useFeedStore.getState().upsert([next])
  await localDb.write(upsertFeeds([next]))
}
