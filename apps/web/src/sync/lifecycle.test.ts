import { afterEach, describe, expect, it } from 'vitest'
import { localDb } from '../db/index.ts'
import { useNetworkStore } from '../store/network.ts'
import { useSubscriptionStore } from '../store/entities/subscriptions.ts'
import { useLocalDbStore } from '../store/entities/localDb.ts'
import { nodeSqliteBackend } from '../test/nodeSqliteBackend.ts'
import { bindUser, startLocalFirst, stopLocalFirst } from './lifecycle.ts'

afterEach(async () => {
  stopLocalFirst()
  await localDb.close()
})

describe('user-id change (SPEC §4)', () => {
  it('hydrates before any network call, and clears the local data when another user signs in', async () => {
    useNetworkStore.setState({ online: false })
    const backend = nodeSqliteBackend()
    // The local database of a first user, with one subscription.
    const { openLocalDb } = await import('../db/index.ts')
    await openLocalDb({ create: async () => ({ backend, opened: { storage: 'memory' } }) })
    await localDb.write([
      { sql: "INSERT INTO kv (key, value) VALUES ('owner', '\"u1\"')" },
      { sql: "INSERT INTO subscriptions (id, feedId, userId, view, isPrivate, type) VALUES ('feed/1', '1', 'u1', 0, 0, 'feed')" },
    ])
    await startLocalFirst()
    expect(useLocalDbStore.getState().status).toBe('ready')
    expect(Object.keys(useSubscriptionStore.getState().byId)).toEqual(['feed/1'])

    await bindUser('u1')
    expect(Object.keys(useSubscriptionStore.getState().byId)).toEqual(['feed/1'])

    stopLocalFirst()
    await bindUser('u2')
    expect(useSubscriptionStore.getState().byId).toEqual({})
    expect(await localDb.all('SELECT id FROM subscriptions')).toEqual([])
    expect(await localDb.all("SELECT value FROM kv WHERE key = 'owner'")).toEqual([{ value: '"u2"' }])
  })
})
