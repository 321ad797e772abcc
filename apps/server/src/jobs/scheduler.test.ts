import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../test/testDatabase.ts'
import { startFeedFarm, type FeedFarm } from '../test/feedFarm.ts'
import { insertUser, subscribeUser, testFeedService } from '../test/feedEngineFixtures.ts'
import { createLogger } from '../lib/logger.ts'
import type { FeedService } from '../domains/feeds/service.ts'
import { createScheduler, interleaveByHost } from './scheduler.ts'
import { createInProcessQueue } from './inProcessQueue.ts'
import { runRefreshFeedTask, type RefreshFeedTask } from './RefreshFeedTask.ts'

const logger = createLogger('silent')

describe('interleaveByHost', () => {
  it('alternates hosts and keeps each host’s order', () => {
    const t = (host: string, n: number): RefreshFeedTask => ({ feedId: `${host}${n}`, url: `https://${host}/feed/${n}` })
    const ordered = interleaveByHost([t('a', 1), t('a', 2), t('a', 3), t('b', 1), t('c', 1), t('b', 2)])
    expect(ordered.map((x) => x.feedId)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3'])
  })
})

describe('in-process queue', () => {
  it('runs at most `concurrency` tasks and holds a feed once from enqueue to the end of its task', async () => {
    const queue = createInProcessQueue({ logger })
    let running = 0
    let peak = 0
    const seen: string[] = []
    queue.process(
      async (task) => {
        running++
        peak = Math.max(peak, running)
        seen.push(task.feedId)
        await new Promise((r) => setTimeout(r, 20))
        running--
      },
      { concurrency: 3 },
    )
    const tasks = Array.from({ length: 10 }, (_, i) => ({ feedId: String(i), url: `http://h/${i}` }))
    await queue.enqueue(tasks)
    await queue.enqueue(tasks.slice(0, 5)) // all still held: ignored
    expect(await queue.waiting()).toBe(7)
    await new Promise((r) => setTimeout(r, 150))
    expect(seen.sort()).toEqual(tasks.map((t) => t.feedId).sort())
    expect(peak).toBe(3)
    await queue.enqueue(tasks.slice(0, 2)) // done: may run again
    await queue.close()
    expect(seen).toHaveLength(12)
  })

  it('keeps going after a failing task', async () => {
    const queue = createInProcessQueue({ logger })
    const done: string[] = []
    queue.process(async (task) => {
      if (task.feedId === 'bad') throw new Error('boom')
      done.push(task.feedId)
    }, { concurrency: 1 })
    await queue.enqueue([{ feedId: 'bad', url: 'http://h/' }, { feedId: 'good', url: 'http://h/' }])
    await new Promise((r) => setTimeout(r, 20))
    await queue.close()
    expect(done).toEqual(['good'])
  })
})

describe('scheduler back-pressure', () => {
  it('claims only the room left in the queue and comes back soon while a backlog drains', async () => {
    const claimed: number[] = []
    let waiting = 0
    const scheduler = createScheduler({
      feeds: {
        claimDueFeeds: async (limit) => {
          claimed.push(limit)
          return Array.from({ length: limit }, (_, i) => ({ id: String(i), url: 'http://h/' }))
        },
      },
      queue: { enqueue: async (tasks) => void (waiting += tasks.length), waiting: async () => waiting },
      logger,
      intervalMs: 60_000,
      batchSize: 10,
      busyIntervalMs: 10,
    })
    expect(await scheduler.tick()).toBe(10)
    expect(await scheduler.tick()).toBe(0) // queue full: nothing claimed
    waiting = 4
    expect(await scheduler.tick()).toBe(6)
    expect(claimed).toEqual([10, 6])
    waiting = 0
    scheduler.start()
    await new Promise((r) => setTimeout(r, 60))
    await scheduler.stop()
    expect(claimed.length).toBeGreaterThanOrEqual(3) // the backlog made it tick again without waiting a minute
  })
})

describeEachDialect('scheduler over real feeds', (dialect) => {
  let farm: FeedFarm
  let database: TestDatabase
  let feeds: FeedService
  beforeAll(async () => {
    farm = await startFeedFarm()
  })
  afterAll(async () => {
    await farm.close()
  })
  beforeEach(async () => {
    database = await createTestDatabase(dialect)
    feeds = testFeedService(database)
  })
  afterEach(async () => {
    feeds.close()
    await database.dispose()
  })

  const makeDue = (ids: string[]) => database.db.updateTable('feeds').set({ nextCheckAt: new Date(Date.now() - 1000).toISOString() }).where('id', 'in', ids).execute()

  it('enqueues due subscribed feeds only, once, and pushes them ahead while queued', async () => {
    const user = await insertUser(database, 'u@example.com')
    const subscribed = await feeds.ensureFeed(farm.url('/gen/rss/sched-1?entries=2'))
    const alsoSubscribed = await feeds.ensureFeed(farm.url('/gen/rss/sched-2?entries=2'))
    const orphan = await feeds.ensureFeed(farm.url('/gen/rss/sched-3?entries=2'))
    const notDue = await feeds.ensureFeed(farm.url('/gen/rss/sched-4?entries=2'))
    for (const f of [subscribed, alsoSubscribed, notDue]) await subscribeUser(database, user, f.id)
    await makeDue([subscribed.id, alsoSubscribed.id, orphan.id])

    const enqueued: RefreshFeedTask[] = []
    const scheduler = createScheduler({ feeds, queue: { enqueue: async (t) => void enqueued.push(...t), waiting: async () => 0 }, logger, intervalMs: 60_000, batchSize: 100 })
    expect(await scheduler.tick()).toBe(2)
    expect(enqueued.map((t) => t.feedId).sort()).toEqual([subscribed.id, alsoSubscribed.id].sort())
    expect(await scheduler.tick()).toBe(0)
    const pushed = await feeds.getFeed({ id: subscribed.id })
    expect(Date.parse(pushed.nextCheckAt!)).toBeGreaterThan(Date.now() + 10 * 60_000)
  })

  it('runs end to end: scheduler → in-process queue → refresh, unsubscribed feeds untouched', async () => {
    const user = await insertUser(database, 'u@example.com')
    const rows = []
    for (let i = 0; i < 6; i++) rows.push(await feeds.ensureFeed(farm.url(`/gen/rss/e2e-${i}?entries=3`)))
    for (const row of rows.slice(0, 5)) await subscribeUser(database, user, row.id)
    await makeDue(rows.map((r) => r.id))
    farm.touch('/gen/rss/e2e-0')
    const orphanHits = farm.requests('/gen/rss/e2e-5')

    const queue = createInProcessQueue({ logger })
    queue.process((task) => runRefreshFeedTask(feeds, task), { concurrency: 4 })
    const scheduler = createScheduler({ feeds, queue, logger, intervalMs: 50, batchSize: 100 })
    scheduler.start()
    const deadline = Date.now() + 10_000
    let checked = 0
    while (Date.now() < deadline) {
      const r = await database.db.selectFrom('feeds').select('id').where('id', 'in', rows.slice(0, 5).map((x) => x.id)).where('nextCheckAt', '>', new Date(Date.now() + 5 * 60_000).toISOString()).where('leaseOwner', 'is', null).execute()
      checked = r.length
      if (checked === 5 && (await queue.waiting()) === 0) break
      await new Promise((res) => setTimeout(res, 25))
    }
    await scheduler.stop()
    await queue.close()
    expect(checked).toBe(5)
    expect(farm.requests('/gen/rss/e2e-5')).toBe(orphanHits)
    const entries = await database.db.selectFrom('entries').select('id').where('feedId', '=', rows[0].id).execute()
    expect(entries).toHaveLength(4)
  })
})
