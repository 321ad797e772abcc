import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../api/ApiError.ts'
import { localDb, openLocalDb } from '../db/index.ts'
import { markOutboxSent, readOutbox } from '../db/repositories/outbox.ts'
import { upsertEntries } from '../db/repositories/entries.ts'
import { setUnread } from '../db/repositories/sources.ts'
import { toObjects } from '../db/types.ts'
import { markRead, markUnread } from '../store/actions/reads.ts'
import { star } from '../store/actions/collections.ts'
import { useCollectionStore } from '../store/entities/collections.ts'
import { useEntryStore } from '../store/entities/entries.ts'
import { useUnreadStore } from '../store/entities/unread.ts'
import type { Entry } from '../store/types.ts'
import { nodeSqliteBackend, type NodeBackend } from '../test/nodeSqliteBackend.ts'
import { classifyFailure, drainOutbox, type OutboxDeps } from './outbox.ts'
import { reapplyPending } from './pull.ts'

const reader = { run: (s: Parameters<typeof localDb.read>[0]) => localDb.read(s) }

function entry(id: string, feedId = 'f1', read = false): Entry {
  return {
    id, title: `Entry ${id}`, url: null, content: null, readabilityContent: null, readabilityUpdatedAt: null, description: null, guid: id,
    author: null, authorUrl: null, authorAvatar: null, insertedAt: '2025-01-01T00:00:00.000Z', publishedAt: `2025-01-01T00:00:0${id.slice(-1)}.000Z`,
    media: null, categories: null, attachments: null, extra: null, language: null, feedId, inboxHandle: null, read, sources: null, settings: null,
  }
}

interface Sent {
  method: string
  path: string
  body: unknown
  key: string
}

/** A fake transport: records each request and answers with what the test queued. */
function fakeServer(answers: ((req: Sent) => unknown)[] = []) {
  const sent: Sent[] = []
  let online = true
  const deps: OutboxDeps = {
    client: {
      request: (async (method: string, path: string, body: unknown, init?: { headers?: Record<string, string> }) => {
        const req = { method, path, body, key: init?.headers?.['Idempotency-Key'] ?? '' }
        if (!online) throw new ApiError('Failed to fetch', { code: 'NETWORK_ERROR', status: 0 })
        sent.push(req)
        const answer = answers.shift()
        return answer ? answer(req) : { ok: true }
      }) as OutboxDeps['client']['request'],
    },
    onRefused: (error) => refused.push(error),
    isOnline: () => online,
  }
  const refused: unknown[] = []
  return { sent, refused, deps, setOnline: (v: boolean) => (online = v) }
}

let backend: NodeBackend

beforeEach(async () => {
  backend = nodeSqliteBackend()
  await openLocalDb({ create: async () => ({ backend, opened: { storage: 'memory' } }) })
  const entries = [entry('e1'), entry('e2'), entry('e3'), entry('e4', 'f2')]
  useEntryStore.getState().upsert(entries)
  useUnreadStore.getState().replaceAll({ f1: 3, f2: 1 })
  await localDb.write([...upsertEntries(entries), ...setUnread({ f1: 3, f2: 1 })])
})

afterEach(async () => {
  await localDb.close()
  useEntryStore.getState().reset()
  useUnreadStore.getState().reset()
  useCollectionStore.getState().reset()
})

const localRead = async (id: string) => toObjects<{ read: number }>((await localDb.read([{ sql: 'SELECT read FROM entries WHERE id = ?', params: [id] }]))[0])[0]?.read
const localUnread = async (id: string) => toObjects<{ count: number }>((await localDb.read([{ sql: 'SELECT count FROM unread WHERE id = ?', params: [id] }]))[0])[0]?.count

describe('optimistic writes', () => {
  it('markRead changes the store and the local database at once and queues one row', async () => {
    await markRead(['e1', 'e2'])
    expect(useEntryStore.getState().byId.e1.read).toBe(true)
    expect(useUnreadStore.getState().counts.f1).toBe(1)
    expect(await localRead('e1')).toBe(1)
    expect(await localUnread('f1')).toBe(1)
    const rows = await readOutbox(reader)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ method: 'POST', path: '/reads', body: { entryIds: ['e1', 'e2'], isInbox: false } })
    expect(rows[0].idempotencyKey).toMatch(/.{20,}/)
  })

  it('marking an already read entry read queues nothing', async () => {
    await markRead(['e1'])
    await markRead(['e1'])
    expect(await readOutbox(reader)).toHaveLength(1)
  })
})

describe('outbox replay', () => {
  it('sends rows in the order they were made, then empties the outbox', async () => {
    const server = fakeServer()
    server.setOnline(false)
    await markRead(['e1'])
    await star('e2', 0)
    await markUnread('e1')
    await markRead(['e4'])
    expect((await drainOutbox(server.deps)).left).toBe(4)
    expect(server.sent).toHaveLength(0)
    server.setOnline(true)
    const result = await drainOutbox(server.deps)
    expect(result).toEqual({ sent: 4, refused: 0, left: 0 })
    expect(server.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /reads', 'POST /collections', 'DELETE /reads', 'POST /reads'])
    expect(await readOutbox(reader)).toEqual([])
  })

  it('an answer asked for before a write was acknowledged cannot show it undone; one asked for after it is the truth', async () => {
    const server = fakeServer()
    await markRead(['e1'])
    // A timeline page is asked for, then the outbox sends the read before that page comes back.
    const askedBefore = Date.now()
    expect((await drainOutbox(server.deps)).sent).toBe(1)
    const stale = async () => {
      useEntryStore.getState().upsert([entry('e1', 'f1', false)])
      await localDb.write(upsertEntries([entry('e1', 'f1', false)]))
    }
    // Kept in the local database, so whichever tab applies such an answer knows of it.
    const sentRows = async () => toObjects<{ n: number }>((await localDb.read([{ sql: 'SELECT count(*) AS n FROM outbox_sent' }]))[0])[0].n
    expect(await sentRows()).toBe(1)
    await stale()
    await reapplyPending(askedBefore)
    expect(useEntryStore.getState().byId.e1.read).toBe(true)
    expect(await localRead('e1')).toBe(1)
    // Asked for after the acknowledgement (say, another device marked it unread meanwhile).
    await stale()
    await reapplyPending(Date.now() + 1)
    expect(useEntryStore.getState().byId.e1.read).toBe(false)
    expect(await localRead('e1')).toBe(0)
    // A minute later the next acknowledgement drops it.
    await localDb.write(markOutboxSent({ idempotencyKey: 'later', kind: 'reads.markRead', payload: { entryIds: ['e2'] }, snapshot: null }, Date.now() + 61_000))
    expect(await sentRows()).toBe(1)
  })

  it('keeps the row and its key when the network fails, and replays it with the same key', async () => {
    const server = fakeServer([
      () => {
        throw new ApiError('Failed to fetch', { code: 'NETWORK_ERROR', status: 0 })
      },
    ])
    await markRead(['e1'])
    await markRead(['e2'])
    const first = await drainOutbox(server.deps)
    expect(first.left).toBe(2)
    const key = (await readOutbox(reader))[0].idempotencyKey
    const second = await drainOutbox(server.deps)
    expect(second).toEqual({ sent: 2, refused: 0, left: 0 })
    expect(server.sent[0].key).toBe(key)
    expect(new Set(server.sent.map((r) => r.key)).size).toBe(2)
  })

  it('stops at a 5xx so later rows never overtake it', async () => {
    const server = fakeServer([
      () => {
        throw new ApiError('Internal error', { code: 1005, status: 500 })
      },
    ])
    await markRead(['e1'])
    await markRead(['e2'])
    expect(await drainOutbox(server.deps)).toEqual({ sent: 0, refused: 0, left: 2 })
    expect(server.sent).toHaveLength(1)
    expect(useEntryStore.getState().byId.e1.read).toBe(true)
  })

  it('a refused write rolls back the store and the local database and the next rows still go', async () => {
    const server = fakeServer([
      () => {
        throw new ApiError('Entry not found', { code: 3000, status: 404 })
      },
    ])
    await star('e3', 0)
    await markRead(['e1'])
    expect(useCollectionStore.getState().byEntryId.e3).toBeDefined()
    const result = await drainOutbox(server.deps)
    expect(result).toEqual({ sent: 1, refused: 1, left: 0 })
    expect(useCollectionStore.getState().byEntryId.e3).toBeUndefined()
    expect(toObjects((await localDb.read([{ sql: 'SELECT * FROM collections' }]))[0])).toEqual([])
    expect(server.refused).toHaveLength(1)
    expect(useEntryStore.getState().byId.e1.read).toBe(true)
  })

  it('a refused read rolls back the read flag and the unread count', async () => {
    const server = fakeServer([
      () => {
        throw new ApiError('Invalid input', { code: 4, status: 400 })
      },
    ])
    await markRead(['e1', 'e4'])
    expect(useUnreadStore.getState().counts).toMatchObject({ f1: 2, f2: 0 })
    await drainOutbox(server.deps)
    expect(useEntryStore.getState().byId.e1.read).toBe(false)
    expect(useUnreadStore.getState().counts).toMatchObject({ f1: 3, f2: 1 })
    expect(await localRead('e4')).toBe(0)
    expect(await localUnread('f2')).toBe(1)
  })

  it('classifies answers: 4xx refuses; 401, 408, 409 code 1, 429, 5xx and no answer wait', () => {
    const e = (status: number) => new ApiError('x', { code: status, status })
    expect(classifyFailure(e(400))).toBe('refused')
    expect(classifyFailure(e(404))).toBe('refused')
    expect(classifyFailure(e(422))).toBe('refused')
    for (const status of [0, 401, 408, 429, 500, 503]) expect(classifyFailure(e(status))).toBe('retry-later')
    expect(classifyFailure(new ApiError('Previous operation is not completed', { code: 1, status: 409 }))).toBe('retry-later')
    expect(classifyFailure(new ApiError('Feed already added to list', { code: 8003, status: 409 }))).toBe('refused')
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('retry-later')
  })

  it('a rollback after a reload works from the stored snapshot alone', async () => {
    const server = fakeServer([
      () => {
        throw new ApiError('Invalid input', { code: 4, status: 400 })
      },
    ])
    await markRead(['e2'])
    // A reload: the stores start again from the local database.
    useEntryStore.getState().reset()
    useUnreadStore.getState().replaceAll({ f1: 2, f2: 1 })
    useEntryStore.getState().upsert([{ ...entry('e2'), read: true }])
    await drainOutbox(server.deps)
    expect(useEntryStore.getState().byId.e2.read).toBe(false)
    expect(useUnreadStore.getState().counts.f1).toBe(3)
    expect(await localRead('e2')).toBe(0)
  })
})

describe('entries the stores do not hold yet', () => {
  it('markRead reads them from the local database first, so the local change and the rollback are complete', async () => {
    useEntryStore.getState().reset()
    await markRead(['e3'])
    expect(await localRead('e3')).toBe(1)
    expect(await localUnread('f1')).toBe(2)
    const [row] = await readOutbox(reader)
    expect(row.snapshot).toEqual([{ id: 'e3', source: 'f1' }])
  })
})
