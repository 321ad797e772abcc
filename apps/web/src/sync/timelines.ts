/**
 * Timelines, local first: the local database answers at once (also offline); then the server's
 * first page replaces it and is written to the local database. At start the first page is asked
 * for while the database opens, and on a first visit shown before it is open. Later pages use the
 * server's cursor (the publishedAt of the last entry) when online and the local database when not.
 */
import { api, isApiError } from '../api/client.ts'
import type { ApiInput } from '../api/types.ts'
import { localDb } from '../db/index.ts'
import { readEntries, readEntry, readTimeline } from '../db/repositories/entries.ts'
import { readFeeds } from '../db/repositories/sources.ts'
import { useEntryStore } from '../store/entities/entries.ts'
import { useFeedStore } from '../store/entities/feeds.ts'
import { useSettingsStore } from '../store/entities/settings.ts'
import { useNetworkStore } from '../store/network.ts'
import { timelineKey, timelineSources } from '../store/timeline.ts'
import type { Entry, Timeline } from '../store/types.ts'
import { countOutboxAndSent } from '../db/repositories/outbox.ts'
import { requestEntryContents } from './entryStream.ts'
import { ENTRIES_STALE_MS, TIMELINE_PAGE_SIZE } from './paging.ts'
import { hydrated, isFirstVisit, isHydrated, outboxPendingAtHydration } from './hydrate.ts'
import { flushOutbox, withOutboxLock } from './outbox.ts'
import { reapplyPending } from './pull.ts'
import { parseEntriesPage, writeEntriesPage, type EntriesPage } from './writers.ts'

const executor = { run: (s: Parameters<typeof localDb.read>[0]) => localDb.read(s) }
const inFlight = new Map<string, Promise<void>>()

function hidePrivate(): boolean {
  return useSettingsStore.getState().tabs.general.hidePrivateSubscriptionsInTimeline === true
}

type EntriesQuery = ApiInput<'get', '/entries'>

/** The query of `GET /entries` for a timeline (SPEC §7). */
export function serverQuery(t: Timeline, cursor: { publishedAt: string; id: string } | null): EntriesQuery {
  const query: EntriesQuery = { view: t.view, limit: TIMELINE_PAGE_SIZE }
  if (cursor) {
    query.publishedAfter = cursor.publishedAt
    query.beforeId = cursor.id
  }
  if (t.unreadOnly) query.read = false
  if (t.inboxId) return { ...query, inboxId: t.inboxId, view: undefined }
  if (t.isCollection) query.isCollection = true
  else if (t.feedId) query.feedId = t.feedId
  else if (t.listId) query.listId = t.listId
  else if (t.folderName) query.feedIdList = timelineSources(t).feedIds
  else if (hidePrivate()) query.excludePrivate = true
  return query
}

async function readLocalPage(t: Timeline, before: string | null): Promise<Entry[]> {
  if (t.isCollection) return readTimeline(executor, { feedIds: [], inboxIds: [], collectionView: t.view, unreadOnly: t.unreadOnly, before, limit: TIMELINE_PAGE_SIZE })
  const { feedIds, inboxIds } = timelineSources(t, { hidePrivate: hidePrivate() })
  return readTimeline(executor, { feedIds, inboxIds, unreadOnly: t.unreadOnly, before, limit: TIMELINE_PAGE_SIZE })
}

/** Feeds of entries that the stores do not know yet (starred or list entries), from the local database. */
async function loadMissingFeeds(entries: Entry[]): Promise<void> {
  const known = useFeedStore.getState().byId
  const missing = [...new Set(entries.map((e) => e.feedId).filter((id): id is string => !!id && !known[id]))]
  if (missing.length) useFeedStore.getState().upsert(await readFeeds(executor, missing))
}

async function fetchServerPage(t: Timeline, cursor: { publishedAt: string; id: string } | null): Promise<Entry[]> {
  const page = parseEntriesPage(await api.get('/entries', serverQuery(t, cursor)))
  await takeServerPage(page)
  return page.entries
}

/**
 * A first page asked for while the local database was still opening (docs/web-reading.md,
 * "First visit"): the request does not wait for the database.
 */
interface EarlyPage {
  /** The query it was asked with: the settings read from the local database may change it. */
  query: string
  startedAt: number
  page: Promise<EntriesPage>
  /** Already on screen (it came before the database opened), its local write queued. */
  shown: boolean
}

const earlyPages = new Map<string, EarlyPage>()
/** An early page is meant for the start; later ones are asked for again. */
const EARLY_PAGE_MAX_AGE_MS = 30_000

/**
 * On a first visit (nothing local to show), asks the server for a timeline's first page while
 * the local database is still opening, and shows its rows as soon as they arrive (their local
 * write queues until the database is open). When the database opens first, `loadTimeline` takes
 * the page then. A 401 (no session yet) is dropped quietly. A later start keeps the order of
 * docs/offline-first.md (local rows, outbox, then the server): the local rows paint first there,
 * and a server page landing in the same moment would only delay them.
 */
export function prefetchTimeline(t: Timeline): void {
  const key = timelineKey(t)
  if (!isFirstVisit() || isHydrated() || earlyPages.has(key) || t.folderName || !useNetworkStore.getState().online) return
  const query = serverQuery(t, null)
  const early: EarlyPage = {
    query: JSON.stringify(query),
    startedAt: Date.now(),
    shown: false,
    page: api.get('/entries', query, { quietUnauthorized: true }).then(parseEntriesPage),
  }
  earlyPages.set(key, early)
  early.page.then(
    (page) => {
      if (isHydrated() || earlyPages.get(key) !== early) return
      early.shown = true
      const written = takeServerPage(page)
      showServerPage(key, page)
      void written.catch(() => undefined)
    },
    () => {
      if (earlyPages.get(key) === early) earlyPages.delete(key)
    },
  )
}

/** The early page of a timeline, if one is still meant for it (taken once). */
function takeEarlyPage(key: string): EarlyPage | null {
  const early = earlyPages.get(key)
  earlyPages.delete(key)
  return early && Date.now() - early.startedAt < EARLY_PAGE_MAX_AGE_MS ? early : null
}

/** Puts a server page into the stores now; resolves once it is in the local database too. */
function takeServerPage(page: EntriesPage): Promise<void> {
  // The stores change synchronously; the local write queues (until the database is open).
  const written = writeEntriesPage(page)
  const missing = page.entries.filter((e) => e.content == null).map((e) => e.id)
  if (missing.length) requestEntryContents(missing)
  return written
}

function showServerPage(key: string, page: EntriesPage): void {
  useEntryStore.getState().setTimeline(key, {
    ids: page.entries.map((e) => e.id),
    source: 'server',
    status: 'success',
    isFetching: false,
    hasNextPage: page.entries.length >= TIMELINE_PAGE_SIZE,
    error: null,
    fetchedAt: Date.now(),
  })
  if (!performance.getEntriesByName?.('brook:timeline-server').length) performance.mark?.('brook:timeline-server')
}

/** The early first page, when it was asked with the same query and the outbox held nothing it could have missed. */
async function usableEarlyPage(t: Timeline, early: EarlyPage | null): Promise<EntriesPage | null> {
  if (!early || outboxPendingAtHydration() !== 0 || early.query !== JSON.stringify(serverQuery(t, null))) return null
  return early.page.catch(() => null)
}

/**
 * Loads a timeline: local rows first, then the server's first page when online and stale (or
 * forced). Before the local database is open the server is asked at once (`prefetchTimeline`).
 */
export function loadTimeline(t: Timeline, options: { force?: boolean } = {}): Promise<void> {
  const key = timelineKey(t)
  const existing = inFlight.get(key)
  if (existing) return existing
  const run = (async () => {
    prefetchTimeline(t)
    await hydrated()
    const early = takeEarlyPage(key)
    const current = useEntryStore.getState().timelines[key]
    if (!current || current.ids.length === 0) {
      const local = await readLocalPage(t, null)
      await loadMissingFeeds(local)
      // The server's rows may have come while the local ones were read: they stay.
      if (useEntryStore.getState().timelines[key]?.source !== 'server') {
        useEntryStore.getState().upsert(local)
        if (local.length && !performance.getEntriesByName?.('brook:timeline-local').length) performance.mark?.('brook:timeline-local')
        useEntryStore.getState().setTimeline(key, {
          ids: local.map((e) => e.id),
          source: 'local',
          status: local.length ? 'success' : 'loading',
          hasNextPage: local.length >= TIMELINE_PAGE_SIZE,
        })
      }
    }
    if (early?.shown) {
      // On screen since before the database opened; writes queued (or sent) meanwhile go over it.
      await reapplyPending(early.startedAt)
      return
    }
    const latest = useEntryStore.getState().timelines[key]
    const fresh = latest?.fetchedAt && Date.now() - latest.fetchedAt < ENTRIES_STALE_MS
    if (!useNetworkStore.getState().online) {
      useEntryStore.getState().setTimeline(key, { status: 'success' })
      return
    }
    if (fresh && !options.force) return
    useEntryStore.getState().setTimeline(key, { isFetching: true })
    try {
      const apply = async (page: EntriesPage, askedAt: number) => {
        // With nothing waiting in the outbox the rows go on screen before the local write lands;
        // otherwise the waiting writes are applied over them first, so none flickers back.
        const waiting = await countOutboxAndSent(executor, askedAt)
        const written = takeServerPage(page)
        if (waiting === 0) showServerPage(key, page)
        await written.catch(() => undefined)
        await reapplyPending(askedAt)
        if (waiting > 0) showServerPage(key, page)
      }
      const earlyPage = await usableEarlyPage(t, early)
      if (earlyPage && early) await apply(earlyPage, early.startedAt)
      else {
        // Writes made offline go first, so the page already reflects them; then the question
        // and its answer hold the outbox lock (sync/pull.ts afterOutbox), asked after the run.
        await flushOutbox()
        await withOutboxLock(async () => {
          const askedAt = Date.now()
          await apply(parseEntriesPage(await api.get('/entries', serverQuery(t, null))), askedAt)
        })
      }
    } catch (error) {
      useEntryStore.getState().setTimeline(key, { status: 'success', isFetching: false, error })
      if (!isApiError(error) || error.status !== 0) console.warn('[brook] timeline fetch failed', error)
    }
  })().finally(() => inFlight.delete(key))
  inFlight.set(key, run)
  return run
}

/** Appends the next page of a timeline. */
export async function fetchNextTimelinePage(t: Timeline): Promise<void> {
  const key = timelineKey(t)
  const state = useEntryStore.getState().timelines[key]
  if (!state || state.isFetchingNextPage || !state.hasNextPage) return
  const lastId = state.ids[state.ids.length - 1]
  const last = lastId ? useEntryStore.getState().byId[lastId] : undefined
  const cursor = last ? { publishedAt: last.publishedAt, id: last.id } : null
  useEntryStore.getState().setTimeline(key, { isFetchingNextPage: true })
  let entries: Entry[]
  try {
    if (useNetworkStore.getState().online && state.source === 'server') {
      entries = await withOutboxLock(async () => {
        const askedAt = Date.now()
        const page = await fetchServerPage(t, cursor)
        await reapplyPending(askedAt)
        return page
      })
    } else {
      entries = await readLocalPage(t, cursor?.publishedAt ?? null)
      await loadMissingFeeds(entries)
      useEntryStore.getState().upsert(entries)
    }
  } catch (error) {
    // The server failed: the local database may still have older entries.
    entries = await readLocalPage(t, cursor?.publishedAt ?? null)
    useEntryStore.getState().upsert(entries)
    useEntryStore.getState().setTimeline(key, { error })
  }
  const now = useEntryStore.getState().timelines[key]
  const seen = new Set(now.ids)
  useEntryStore.getState().setTimeline(key, {
    ids: [...now.ids, ...entries.map((e) => e.id).filter((id) => !seen.has(id))],
    isFetchingNextPage: false,
    hasNextPage: entries.length >= TIMELINE_PAGE_SIZE,
  })
}

const contentInFlight = new Map<string, Promise<void>>()

/** Makes sure an entry and its body are in the store: local database first, then the server. */
export function ensureEntryContent(id: string): Promise<void> {
  const existing = contentInFlight.get(id)
  if (existing) return existing
  const run = (async () => {
    await hydrated()
    let entry: Entry | null | undefined = useEntryStore.getState().byId[id]
    if (!entry || entry.content == null) {
      const local = await readEntry(executor, id)
      if (local) {
        useEntryStore.getState().upsert([local])
        await loadMissingFeeds([local])
        entry = local
      }
    }
    if (entry?.content != null || !useNetworkStore.getState().online) return
    if (entry) {
      requestEntryContents([id])
      return
    }
    try {
      const page = parseEntriesPage([await api.get('/entries', { id })].flat())
      await writeEntriesPage(page)
    } catch (error) {
      console.warn('[brook] entry fetch failed', id, error)
    }
  })().finally(() => contentInFlight.delete(id))
  contentInFlight.set(id, run)
  return run
}

const active = new Map<string, { timeline: Timeline; refs: number }>()

/** Registers a timeline on screen (so a refresh reloads it); returns the release. */
export function watchTimeline(t: Timeline): () => void {
  const key = timelineKey(t)
  const entry = active.get(key) ?? { timeline: t, refs: 0 }
  entry.refs++
  active.set(key, entry)
  return () => {
    entry.refs--
    if (entry.refs <= 0) active.delete(key)
  }
}

/** Reloads every timeline on screen from the server. */
export function reloadActiveTimelines(): void {
  for (const { timeline } of active.values()) void loadTimeline(timeline, { force: true })
}

/** Loads entries the stores do not hold yet from the local database (actions need their read flag and source). */
export async function ensureEntriesInStore(ids: readonly string[]): Promise<void> {
  const byId = useEntryStore.getState().byId
  const missing = ids.filter((id) => !byId[id])
  if (missing.length === 0 || !localDb.isOpen) return
  useEntryStore.getState().upsert(await readEntries(executor, missing))
}
