/** What the reader's toolbar and the entry commands do to an entry. */
import { toast } from 'sonner'
import { i18n } from '../../i18n/index.ts'
import { markRead, markUnread, star, unstar, type Entry } from '../../store/index.ts'
import { useCollectionStore } from '../../store/entities/collections.ts'
import { useFeedStore } from '../../store/entities/feeds.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { openExternal } from '../platform/platform.ts'
import { copyText } from './clipboard.ts'
import { useEntryViewStore } from './entryViewStore.ts'
import { imagesOfEntry } from './entryImages.ts'

export function toggleRead(entry: Entry): Promise<void> {
  return entry.read ? markUnread([entry.id]) : markRead([entry.id])
}

/** The view an entry is starred into: its subscription's view, else the timeline's. */
function viewOf(entry: Entry, fallback: number): number {
  const sub = entry.feedId ? useSubscriptionStore.getState().byId[`feed/${entry.feedId}`] : entry.inboxHandle ? useSubscriptionStore.getState().byId[`inbox/${entry.inboxHandle}`] : undefined
  return sub?.view ?? fallback
}

export async function toggleStar(entry: Entry, timelineView: number): Promise<void> {
  if (entry.id in useCollectionStore.getState().byEntryId) {
    await unstar(entry.id)
    toast.success(i18n.t('entry:unstarred'), { duration: 2000 })
  } else {
    await star(entry.id, viewOf(entry, timelineView) as Parameters<typeof star>[1])
    toast.success(i18n.t('entry:starred'), { duration: 2000 })
  }
}

export function openInBrowser(entry: Entry): void {
  if (entry.url) openExternal(entry.url)
}

export function copyLink(entry: Entry): Promise<boolean> {
  return copyText(entry.url ?? '', { missing: 'noUrl', successKey: 'entry:linkCopied' })
}

export function copyTitle(entry: Entry): Promise<boolean> {
  return copyText(entry.title ?? '', { successKey: 'entry:titleCopied' })
}

/** The system share sheet when there is one, else copies the link. */
export async function share(entry: Entry): Promise<void> {
  const feed = entry.feedId ? useFeedStore.getState().byId[entry.feedId] : undefined
  if (entry.url && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: entry.title ?? feed?.title ?? '', url: entry.url })
      return
    } catch (error) {
      if ((error as Error).name === 'AbortError') return
    }
  }
  await copyLink(entry)
}

export function openGalleryOf(entry: Entry, start = 0): void {
  const images = imagesOfEntry(entry)
  if (images.length === 0) {
    toast.info(i18n.t('entry:noImages'))
    return
  }
  useEntryViewStore.getState().openGallery(images, start)
}
