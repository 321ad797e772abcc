/**
 * The BullMQ adapter against the real Redis of TEST_REDIS_URL (each test on its own key prefix,
 * removed afterwards). Without TEST_REDIS_URL the suite is reported as skipped.
 */
import crypto from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Redis } from 'ioredis'
import { testEnv } from '../env.ts'
import { createLogger } from '../lib/logger.ts'
import { createTestDatabase, testDialects, type TestDatabase } from '../test/testDatabase.ts'
import { startFeedFarm, type FeedFarm } from '../test/feedFarm.ts'
import { insertUser, subscribeUser, testFeedService, unreadCount } from '../test/feedEngineFixtures.ts'
import { actionsRepo } from '../domains/actions/repo.ts'
import { unreadRepo } from '../domains/unread/repo.ts'
import { createBullmqQueue } from './bullmqQueue.ts'
import { createScheduler } from './scheduler.ts'
import { runRefreshFeedTask, type RefreshFeedTask } from './RefreshFeedTask.ts'
import type { RefreshQueue } from './queue.ts'

const logger = createLogger('silent')
const redisUrl = testEnv.redisUrl
const suite = redisUrl ? describe : describe.skip
const title = redisUrl ? 'BullMQ refresh queue on real Redis' : 'BullMQ refresh queue — skipped: TEST_REDIS_URL is not set'

async function waitFor(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('timed out waiting')
}

suite(title, () => {
  let prefix: string
  const opened: RefreshQueue[] = []
  const open = () => {
    const queue = createBullmqQueue({ url: redisUrl!, logger, prefix })
    opened.push(queue)
    return queue
  }

  beforeAll(() => {
    prefix = `brook-test-${crypto.randomBytes(5).toString('hex')}`
  })
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((q) => q.close()))
    const redis = new Redis(redisUrl!)
    const keys = await redis.keys(`${prefix}:*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
    prefix = `brook-test-${crypto.randomBytes(5).toString('hex')}`
  })

  it('dedups a feed by job id while it waits, and two workers share the work with each task run once', async () => {
    const producer = open()
    const tasks: RefreshFeedTask[] = Array.from({ length: 40 }, (_, i) => ({ feedId: String(1_000_000_000_000 + i), url: `http://h/${i}` }))
    await producer.enqueue(tasks)
    await producer.enqueue(tasks.slice(0, 10)) // still waiting: same job ids, not added again
    expect(await producer.waiting()).toBe(40)

    const runs = new Map<string, string[]>()
    const handler = (worker: string) => async (task: RefreshFeedTask) => {
      runs.set(task.feedId, [...(runs.get(task.feedId) ?? []), worker])
      await new Promise((r) => setTimeout(r, 5))
    }
    open().process(handler('a'), { concurrency: 4 })
    open().process(handler('b'), { concurrency: 4 })
    await waitFor(() => runs.size === 40 && [...runs.values()].every((w) => w.length === 1))
    await waitFor(async () => (await producer.waiting()) === 0)
    const workers = new Set([...runs.values()].flat())
    expect(workers).toEqual(new Set(['a', 'b']))
    expect([...runs.values()].every((w) => w.length === 1)).toBe(true)

    // Done jobs are removed, so the same feed can be queued again later.
    await producer.enqueue(tasks.slice(0, 1))
    await waitFor(() => runs.get(tasks[0].feedId)?.length === 2)
  })

  describe.each(testDialects)('with the feed service on %s', (dialect) => {
    let farm: FeedFarm
    let database: TestDatabase
    beforeAll(async () => {
      farm = await startFeedFarm()
      database = await createTestDatabase(dialect)
    })
    afterAll(async () => {
      await database.dispose()
      await farm.close()
    })

    it('a scheduler and two worker processes refresh every due feed exactly once', async () => {
      const feedsA = testFeedService(database)
      const feedsB = testFeedService(database)
      const user = await insertUser(database, 'u@example.com')
      const ids: string[] = []
      for (let i = 0; i < 12; i++) {
        const feed = await feedsA.ensureFeed(farm.url(`/gen/rss/bull-${i}?entries=2`))
        await subscribeUser(database, user, feed.id)
        ids.push(feed.id)
      }
      await database.db.updateTable('feeds').set({ nextCheckAt: new Date(Date.now() - 1000).toISOString() }).execute()
      const before = new Map(ids.map((_, i) => [i, farm.requests(`/gen/rss/bull-${i}`)]))
      // Checked means checked after this point: a claimed feed is pushed ahead at once, and its
      // job leaves "waiting" when a worker takes it, before its fetch is done.
      const since = new Date().toISOString()

      const producer = open()
      open().process((task) => runRefreshFeedTask(feedsA, task), { concurrency: 3 })
      open().process((task) => runRefreshFeedTask(feedsB, task), { concurrency: 3 })
      const scheduler = createScheduler({ feeds: feedsA, queue: producer, logger, intervalMs: 100, batchSize: 100 })
      scheduler.start()
      await waitFor(async () => {
        const rows = await database.db.selectFrom('feeds').select('id').where('leaseOwner', 'is', null).where('nextCheckAt', '>', new Date(Date.now() + 5 * 60_000).toISOString()).where('checkedAt', '>', since).execute()
        return rows.length === 12 && (await producer.waiting()) === 0
      })
      await scheduler.stop()
      for (let i = 0; i < 12; i++) expect(farm.requests(`/gen/rss/bull-${i}`) - before.get(i)!).toBe(1)
      feedsA.close()
      feedsB.close()
    })

    it('action rules apply when a BullMQ worker stores the entries; readers without rules get them all; counters exact', async () => {
      const feeds = testFeedService(database)
      const withRules = await insertUser(database, 'bull-rules@example.com')
      const without = await insertUser(database, 'bull-plain@example.com')
      farm.setFeed('/bull-rules.xml', { title: 'Bull rules', entries: [] })
      const feed = await feeds.ensureFeed(farm.url('/bull-rules.xml'))
      await subscribeUser(database, withRules, feed.id)
      await subscribeUser(database, without, feed.id)
      const rules = [{ name: 'Odd', disabled: false, condition: [[{ field: 'title', operator: 'regex', value: '[13579]$' }]], result: { silence: true, star: true } }]
      await actionsRepo(database.db).put(withRules, JSON.stringify(rules), 1, new Date().toISOString())
      farm.setFeed('/bull-rules.xml', { title: 'Bull rules', entries: Array.from({ length: 6 }, (_, i) => ({ id: `br-${i}`, title: `bull item ${i}`, published: new Date(Date.UTC(2025, 0, 1, 0, i)) })) })

      const producer = open()
      open().process((task) => runRefreshFeedTask(feeds, task), { concurrency: 2 })
      await producer.enqueue([{ feedId: feed.id, url: feed.url }])
      await waitFor(async () => (await unreadCount(database, without, feed.id)) === 6)
      // bull item 1, 3, 5 are silenced (read, never counted) and starred for the reader with the rule.
      expect(await unreadCount(database, withRules, feed.id)).toBe(3)
      const starred = await database.db.selectFrom('collections').innerJoin('entries', 'entries.id', 'collections.entryId').select('entries.title').where('collections.userId', '=', withRules).orderBy('entries.title').execute()
      expect(starred.map((r) => r.title)).toEqual(['bull item 1', 'bull item 3', 'bull item 5'])
      expect(await database.db.selectFrom('collections').select('entryId').where('userId', '=', without).execute()).toEqual([])
      for (const userId of [withRules, without]) expect((await unreadRepo(database.db, dialect).auditCounters({ userId })).wrong).toEqual([])
      feeds.close()
    })
  })
})
