/** Hydration (SPEC §4) when the local database opens slowly: what the server said meanwhile stays. */
import { afterEach, describe, expect, it } from 'vitest'
import { localDb } from '../db/index.ts'
import { useNetworkStore } from '../store/network.ts'
import { useSubscriptionStore } from '../store/entities/subscriptions.ts'
import { nodeSqliteBackend } from '../test/nodeSqliteBackend.ts'
import { startLocalFirst, stopLocalFirst } from './lifecycle.ts'
import { writeSubscriptions } from './writers.ts'

afterEach(async () => {
  stopLocalFirst()
  await localDb.close()
})

describe('hydration after a slow start', () => {
  it('keeps what the server said before the local database was open (an OPML import on a slow first start)', async () => {
    useNetworkStore.setState({ online: false })
    const sqlite = nodeSqliteBackend()
    // Writes take a moment (a busy worker), so a read that does not wait for them overtakes them.
    const backend: typeof sqlite = {
      ...sqlite,
      run: async (statements, options) => {
        if (options?.transaction) await new Promise((resolve) => setTimeout(resolve, 30))
        return sqlite.run(statements, options)
      },
    }
    const { openLocalDb } = await import('../db/index.ts')
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    void openLocalDb({
      create: async () => {
        await gate
        return { backend, opened: { storage: 'memory' } }
      },
    })
    const started = startLocalFirst()
    // The server's answer arrives while the database is still opening.
    const written = writeSubscriptions([{ feedId: 'f1', userId: 'u1', view: 0, category: 'Gardening' }, { feedId: 'f2', userId: 'u1', view: 0, category: 'Gardening' }])
    expect(Object.keys(useSubscriptionStore.getState().byId).sort()).toEqual(['feed/f1', 'feed/f2'])
    open()
    await Promise.all([started, written])
    // Hydration read the local rows only once that answer was in them: the sidebar keeps both.
    expect(Object.keys(useSubscriptionStore.getState().byId).sort()).toEqual(['feed/f1', 'feed/f2'])
    expect((await localDb.all<{ id: string }>('SELECT id FROM subscriptions ORDER BY id')).map((r) => r.id)).toEqual(['feed/f1', 'feed/f2'])
  })
})
