/** The small rules of SPEC §4/§9 the sync layer implements: settings queue, query persistence, visibility. */
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useNetworkStore } from '../store/network.ts'
import { useSettingsStore } from '../store/entities/settings.ts'
import { PERSIST_MAX_AGE_MS, persistQueryClient, QUERY_CACHE_KEY, restoreQueries, saveQueries, shouldPersistQuery } from './queryCache.ts'
import { flushSettings, loadSettingsQueue, mergeQueue, queueSettings, SETTINGS_QUEUE_KEY } from './settingsQueue.ts'
import { onBecameVisible, VISIBILITY_REFETCH_MS } from './visibility.ts'
import { api } from '../api/client.ts'

afterEach(() => {
  vi.restoreAllMocks()
  useNetworkStore.setState({ online: true })
  useSettingsStore.getState().reset()
})

describe('settings queue (SPEC §4)', () => {
  it('merges queued payloads per tab in order', () => {
    const merged = mergeQueue([
      { tab: 'general', payload: { unreadOnly: true, groupByDate: true } },
      { tab: 'ui', payload: { accentColor: 'blue' } },
      { tab: 'general', payload: { unreadOnly: false } },
    ])
    expect(merged.get('general')).toEqual({ unreadOnly: false, groupByDate: true })
    expect(merged.get('ui')).toEqual({ accentColor: 'blue' })
  })

  it('sends nothing offline, one filtered PATCH per tab online, and forgets only what was sent', async () => {
    const patch = vi.spyOn(api, 'patch').mockResolvedValue({})
    useNetworkStore.setState({ online: false })
    queueSettings('general', { unreadOnly: true })
    queueSettings('general', { groupByDate: false, notASetting: 1 })
    queueSettings('ui', { accentColor: 'blue' })
    await flushSettings()
    expect(patch).not.toHaveBeenCalled()
    expect(JSON.parse(localStorage.getItem(`brook:${SETTINGS_QUEUE_KEY}`)!)).toHaveLength(3)

    useNetworkStore.setState({ online: true })
    await flushSettings()
    expect(patch).toHaveBeenCalledTimes(2)
    expect(patch.mock.calls[0][1]).toEqual({ tab: 'general', unreadOnly: true, groupByDate: false })
    expect(patch.mock.calls[1][1]).toEqual({ tab: 'ui', accentColor: 'blue' })
    expect(patch.mock.calls[0][2]?.headers?.['Idempotency-Key']).toBeTruthy()
    expect(JSON.parse(localStorage.getItem(`brook:${SETTINGS_QUEUE_KEY}`)!)).toEqual([])
  })

  it('keeps a tab whose PATCH failed and reloads the queue at start', async () => {
    vi.spyOn(api, 'patch').mockRejectedValue(new Error('offline'))
    queueSettings('ai', { personalizePrompt: 'short' })
    await flushSettings()
    loadSettingsQueue()
    expect(JSON.parse(localStorage.getItem(`brook:${SETTINGS_QUEUE_KEY}`)!)).toEqual([{ tab: 'ai', payload: { personalizePrompt: 'short' } }])
  })
})

describe('query persistence (SPEC §9)', () => {
  it('persists only marked queries in success state, never infinite ones', () => {
    const q = (meta: Record<string, unknown> | undefined, status: string, data: unknown, dataUpdatedAt = data === undefined ? 0 : 1) => ({ meta, state: { status, data, dataUpdatedAt } }) as never
    expect(shouldPersistQuery(q({ persist: true }, 'success', { a: 1 }))).toBe(true)
    expect(shouldPersistQuery(q(undefined, 'success', { a: 1 }))).toBe(false)
    expect(shouldPersistQuery(q({ persist: true }, 'error', undefined))).toBe(false)
    expect(shouldPersistQuery(q({ persist: true }, 'pending', undefined))).toBe(false)
    expect(shouldPersistQuery(q({ persist: true }, 'success', { pages: [], pageParams: [] }))).toBe(false)
    expect(shouldPersistQuery(q({ persist: true }, 'success', null))).toBe(false)
  })

  it('keeps the last successful answer of a query whose refetch failed (a second offline start still knows the session)', async () => {
    const source = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    source.getQueryCache().build(source, { queryKey: ['session'], meta: { persist: true } }).setData({ user: 'ada' })
    source.getQueryCache().build(source, { queryKey: ['never-answered'], meta: { persist: true } })
    const offline = () => Promise.reject(new TypeError('Failed to fetch'))
    await source.fetchQuery({ queryKey: ['session'], queryFn: offline, meta: { persist: true } }).catch(() => undefined)
    await source.fetchQuery({ queryKey: ['never-answered'], queryFn: offline, meta: { persist: true } }).catch(() => undefined)
    expect(source.getQueryState(['session'])?.status).toBe('error')
    saveQueries(source, localStorage)
    const next = new QueryClient()
    expect(restoreQueries(next, localStorage)).toBe(true)
    expect(next.getQueryData(['session'])).toEqual({ user: 'ada' })
    expect(next.getQueryState(['session'])?.status).toBe('success')
    expect(next.getQueryState(['never-answered'])).toBeUndefined()
  })

  it('restores a saved cache younger than 7 days, and drops an older one', () => {
    const source = new QueryClient()
    source.getQueryCache().build(source, { queryKey: ['kept'], meta: { persist: true } }).setData({ v: 1 })
    source.setQueryData(['skipped'], { v: 2 })
    const now = Date.now()
    saveQueries(source, localStorage, now)
    const fresh = new QueryClient()
    expect(restoreQueries(fresh, localStorage, now + 1000)).toBe(true)
    expect(fresh.getQueryData(['kept'])).toEqual({ v: 1 })
    expect(fresh.getQueryData(['skipped'])).toBeUndefined()
    const late = new QueryClient()
    expect(restoreQueries(late, localStorage, now + PERSIST_MAX_AGE_MS + 1)).toBe(false)
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull()
  })

  it('saves what the 1 s throttle still holds when the page goes away (a window closed right after signing in)', () => {
    localStorage.removeItem(QUERY_CACHE_KEY)
    const client = new QueryClient()
    const stop = persistQueryClient(client, localStorage)
    client.getQueryCache().build(client, { queryKey: ['auth', 'session'], meta: { persist: true } }).setData({ user: { id: 'u1' } })
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull()
    window.dispatchEvent(new Event('pagehide'))
    const next = new QueryClient()
    expect(restoreQueries(next, localStorage)).toBe(true)
    expect(next.getQueryData(['auth', 'session'])).toEqual({ user: { id: 'u1' } })
    stop()
  })
})

describe('visibility rule (SPEC §4)', () => {
  it('invalidates after 10 minutes hidden or more, not before', () => {
    expect(onBecameVisible(null, 1000)).toBe('nothing')
    expect(onBecameVisible(0, VISIBILITY_REFETCH_MS - 1)).toBe('nothing')
    expect(onBecameVisible(0, VISIBILITY_REFETCH_MS)).toBe('invalidate')
  })

  it('in the desktop window, after 10 minutes everything but entries; before, nothing', () => {
    expect(onBecameVisible(0, VISIBILITY_REFETCH_MS - 1, 'desktop')).toBe('nothing')
    expect(onBecameVisible(0, VISIBILITY_REFETCH_MS, 'desktop')).toBe('invalidate-except-entries')
  })
})
