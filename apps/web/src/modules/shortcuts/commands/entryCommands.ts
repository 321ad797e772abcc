/** SPEC §2 action group "entry" (those Brook has) and "entry-render". */
import { markRead } from '../../../store/index.ts'
import { currentEntry, currentTimelineParams } from '../../entry/currentEntry.ts'
import { copyLink, copyTitle, openGalleryOf, openInBrowser, share, toggleRead, toggleStar } from '../../entry/entryActions.ts'
import { useEntryViewStore } from '../../entry/entryViewStore.ts'
import { exportPdf } from '../../entry/exportPdf.ts'
import { navigate } from '../../../lib/navigation.ts'
import { timelinePath } from '../../../lib/routeParams.ts'
import { neighbourEntry, useTimelineNavStore } from '../../timeline/timelineNav.ts'
import type { Command } from '../registry.ts'
import { useTipStore } from '../../power/tipStore.ts'
import { useFeedStore } from '../../../store/entities/feeds.ts'

const hasEntry = () => currentEntry() !== null
const withEntry = (fn: (entry: NonNullable<ReturnType<typeof currentEntry>>) => unknown) => () => {
  const entry = currentEntry()
  if (entry) void fn(entry)
}

/** Marks the entries above (-1) or below (+1) the open one read. */
function readAround(direction: -1 | 1) {
  const { ids } = useTimelineNavStore.getState()
  const entry = currentEntry()
  if (!entry) return
  const index = ids.indexOf(entry.id)
  if (index < 0) return
  void markRead(direction === -1 ? ids.slice(0, index) : ids.slice(index + 1))
}

/** Opens the next (+1) or previous (-1) entry of the open timeline. */
export function stepEntry(step: 1 | -1): void {
  const params = currentTimelineParams()
  if (!params) return
  const { ids, scrollToEntry } = useTimelineNavStore.getState()
  const next = neighbourEntry(ids, params.isPendingEntry ? null : params.entryId, step)
  if (!next) return
  navigate(timelinePath({ view: params.view, feedId: params.feedId, entryId: next }))
  void markRead([next])
  scrollToEntry?.(next)
}

function scrollReader(direction: 1 | -1) {
  const el = document.querySelector<HTMLElement>('[data-focus-region="entry-render"]')
  if (el) el.scrollBy({ top: direction * el.clientHeight * 0.8, behavior: 'smooth' })
}

export const entryCommands: Command[] = [
  { id: 'entry:read', group: 'entry', labelKey: 'entry.read', defaultHotkey: 'm', enabled: hasEntry, run: withEntry(toggleRead) },
  { id: 'entry:read-above', group: 'entry', labelKey: 'entry.read-above', defaultHotkey: 'Alt+ArrowUp', enabled: hasEntry, run: () => readAround(-1) },
  { id: 'entry:read-below', group: 'entry', labelKey: 'entry.read-below', defaultHotkey: 'Alt+ArrowDown', enabled: hasEntry, run: () => readAround(1) },
  { id: 'entry:view-source-content', group: 'entry', labelKey: 'entry.view-source-content', defaultHotkey: 'o', enabled: hasEntry, run: withEntry((e) => useEntryViewStore.getState().toggleSource(e.id)) },
  { id: 'entry:readability', group: 'entry', labelKey: 'entry.readability', defaultHotkey: 'Shift+r', enabled: hasEntry, run: withEntry((e) => useEntryViewStore.getState().toggleReadability(e.id)) },
  { id: 'entry:open-in-browser', group: 'entry', labelKey: 'entry.open-in-browser', defaultHotkey: 'b', enabled: hasEntry, run: withEntry(openInBrowser) },
  { id: 'entry:star', group: 'entry', labelKey: 'entry.star', defaultHotkey: 's', enabled: hasEntry, run: withEntry((e) => toggleStar(e, currentTimelineParams()?.view ?? 0)) },
  { id: 'entry:image-gallery', group: 'entry', labelKey: 'entry.image-gallery', defaultHotkey: 'i', enabled: hasEntry, run: withEntry((e) => openGalleryOf(e)) },
  { id: 'entry:copy-link', group: 'entry', labelKey: 'entry.copy-link', defaultHotkey: 'Shift+c', enabled: hasEntry, run: withEntry(copyLink) },
  { id: 'entry:copy-title', group: 'entry', labelKey: 'entry.copy-title', defaultHotkey: 'Shift+t', enabled: hasEntry, run: withEntry(copyTitle) },
  { id: 'entry:export-pdf', group: 'entry', labelKey: 'entry.export-pdf', enabled: hasEntry, run: withEntry(exportPdf) },
  {
    id: 'entry:tip',
    group: 'entry',
    labelKey: 'entry.tip',
    flag: 'power',
    enabled: () => Boolean(currentEntry()?.feedId),
    run: withEntry((e) => e.feedId && useTipStore.getState().open({ entryId: e.id, name: useFeedStore.getState().byId[e.feedId]?.title ?? e.title ?? '' })),
  },
  { id: 'entry:share', group: 'entry', labelKey: 'entry.share', defaultHotkey: 'Shift+s', enabled: hasEntry, run: withEntry(share) },
  { id: 'entry-render:scroll-down', group: 'entry-render', labelKey: 'entry-render.scroll-down', defaultHotkey: 'Space', regions: ['home', 'entry-render', 'timeline'], enabled: hasEntry, run: () => scrollReader(1) },
  { id: 'entry-render:scroll-up', group: 'entry-render', labelKey: 'entry-render.scroll-up', defaultHotkey: 'Shift+Space', regions: ['home', 'entry-render', 'timeline'], enabled: hasEntry, run: () => scrollReader(-1) },
  { id: 'entry-render:next-entry', group: 'entry-render', labelKey: 'entry-render.next-entry', defaultHotkey: 'n', run: () => stepEntry(1) },
  { id: 'entry-render:previous-entry', group: 'entry-render', labelKey: 'entry-render.previous-entry', defaultHotkey: 'Shift+n', run: () => stepEntry(-1) },
]
