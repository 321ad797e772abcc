/** An entry as a timeline row reads it (no body loading, unlike useEntry) plus its feed. */
import { useEntryStore } from '../../store/entities/entries.ts'
import { useFeed, useIsStarred, type Entry, type Feed } from '../../store/index.ts'

export function useEntryRow(id: string): { entry: Entry | undefined; feed: Feed | undefined; starred: boolean } {
  const entry = useEntryStore((s) => s.byId[id])
  const feed = useFeed(entry?.feedId)
  const starred = useIsStarred(id)
  return { entry, feed, starred }
}
