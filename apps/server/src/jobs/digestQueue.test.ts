/**
 * The daily-digest queue (issue 10) on both adapters: one job per (user, half day), so however
 * many schedulers add it, it is built once — in this process, and on BullMQ against the real
 * Redis of TEST_REDIS_URL (its own key prefix, removed afterwards). And end to end: the scheduler
 * role of a real server queues the digest of the half day that ended and builds it.
 */
import crypto from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Redis } from 'ioredis'
import { newId } from '@brook/shared'
import { testEnv } from '../env.ts'
import { createLogger } from '../lib/logger.ts'
import { describeEachDialect } from '../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestServer } from '../test/testServer.ts'
import { insertEntries, insertFeed } from '../test/factories.ts'
import { contentText, startFakeAiProvider, type FakeAiProvider } from '../test/fakeAiProvider.ts'
import { previousHalfDay } from '../domains/ai/halfDay.ts'
import { createBullmqDigestQueue } from './bullmqDigestQueue.ts'
import { createInProcessDigestQueue, DIGEST_JOB_KEPT_MS, digestJobId, type DigestQueue, type DigestTask } from './digestQueue.ts'

const logger = createLogger('silent')
const HOUR = 3_600_000
const task = (userId: string, startDate = '2026-11-24T20:00:00.000Z'): DigestTask => ({ userId, role: 'user', views: [0], startDate, endDate: new Date(Date.parse(startDate) + 12 * HOUR).toISOString(), timeZone: 'UTC' })

async function waitFor(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('timed out waiting')
}
const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms))

describe('digest job ids', () => {
  it('are the same for the same user and half day, different otherwise, and hold no colon', () => {
    const other: DigestTask = { ...task('42'), views: [0, 1], role: 'admin' }
    expect(digestJobId(task('42'))).toBe(digestJobId(other))
    expect(digestJobId(task('42'))).not.toBe(digestJobId(task('43')))
    expect(digestJobId(task('42'))).not.toBe(digestJobId(task('42', '2026-11-25T08:00:00.000Z')))
    expect(digestJobId(task('a:b'))).not.toContain(':')
  })
})

describe('in-process digest queue', () => {
  it('runs a (user, half day) once while queued, running and after it ran, until the kept time is over', async () => {
    let clock = Date.parse('2026-11-25T08:00:05Z')
    const queue = createInProcessDigestQueue({ logger, now: () => clock })
    const runs: string[] = []
    queue.process(async (t) => {
      runs.push(digestJobId(t))
      await settle(20)
    }, { concurrency: 2 })
    const tasks = ['1', '2', '3'].map((u) => task(u))
    await queue.enqueue(tasks)
    await queue.enqueue(tasks) // queued or running: ignored
    await waitFor(() => runs.length === 3)
    await settle(50)
    await queue.enqueue(tasks) // done: still ignored
    await queue.enqueue([task('1', '2026-11-25T08:00:00.000Z')]) // the next half day is new
    await waitFor(() => runs.length === 4)
    clock += DIGEST_JOB_KEPT_MS + 1
    await queue.enqueue(tasks.slice(0, 1))
    await waitFor(() => runs.length === 5)
    await queue.close()
    expect(runs.filter((id) => id === digestJobId(tasks[0]))).toHaveLength(2)
  })

  it('keeps going after a failing task', async () => {
    const queue = createInProcessDigestQueue({ logger })
    const done: string[] = []
    queue.process(async (t) => {
      if (t.userId === 'bad') throw new Error('boom')
      done.push(t.userId)
    }, { concurrency: 1 })
    await queue.enqueue([task('bad'), task('good')])
    await waitFor(() => done.length === 1)
    await queue.close()
    expect(done).toEqual(['good'])
  })
})

const redisUrl = testEnv.redisUrl
const suite = redisUrl ? describe : describe.skip
suite(redisUrl ? 'BullMQ digest queue on real Redis' : 'BullMQ digest queue — skipped: TEST_REDIS_URL is not set', () => {
  const prefix = `brook-test-${crypto.randomBytes(5).toString('hex')}`
  const opened: DigestQueue[] = []
  const open = () => {
    const queue = createBullmqDigestQueue({ url: redisUrl!, logger, prefix })
    opened.push(queue)
    return queue
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((q) => q.close()))
  })
  afterAll(async () => {
    const redis = new Redis(redisUrl!)
    const keys = await redis.keys(`${prefix}:*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })

  it('two schedulers add the same digests, two workers share them, each built once — and not again after it ran', async () => {
    const tasks = Array.from({ length: 20 }, (_, i) => task(String(7_000 + i)))
    const schedulerA = open()
    const schedulerB = open()
    await Promise.all([schedulerA.enqueue(tasks), schedulerB.enqueue(tasks)])
    const runs = new Map<string, string[]>()
    const worker = (name: string) => async (t: DigestTask) => {
      runs.set(digestJobId(t), [...(runs.get(digestJobId(t)) ?? []), name])
      await settle(5)
    }
    open().process(worker('a'), { concurrency: 3 })
    open().process(worker('b'), { concurrency: 3 })
    await waitFor(() => runs.size === 20)
    // A scheduler restarted after the run adds them again: BullMQ still holds the done jobs.
    await schedulerB.enqueue(tasks)
    await schedulerA.enqueue([task('7000', '2026-11-25T08:00:00.000Z')]) // the next half day is new
    await waitFor(() => runs.size === 21)
    await settle()
    expect([...runs.values()].every((w) => w.length === 1)).toBe(true)
  })

  describeEachDialect('with the AI service', (dialect) => {
    let fake: FakeAiProvider
    let server: TestServer
    beforeAll(async () => {
      fake = await startFakeAiProvider()
      server = await startTestServer(dialect, { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '5000' })
    }, 60_000)
    afterAll(async () => {
      await server?.stop()
      await fake?.close()
    })

    it('the digest of a user\'s ended half day reaches the model once, whichever scheduler and worker', async () => {
      const window = previousHalfDay(new Date(), 'UTC')
      const client = await signedUpClient(server, `${newId()}@example.com`)
      const feed = await insertFeed(server.database.db, { title: 'Queued News' })
      await client.post('/api/subscriptions', { feedId: feed, view: 0 })
      await insertEntries(server.database.db, feed, 2, { newest: new Date(window.end.getTime() - HOUR) })
      const userId = (await client.get('/api/auth/get-session')).body.user.id as string
      fake.reply((req) => ({ text: JSON.stringify({ topics: [{ title: 'Queued', summary: 'Built by a worker.', entryIds: [...contentText(req.messages.at(-1)).matchAll(/id: (\S+)/g)].map((m) => m[1]) }] }) }))

      const mine = (await server.deps.ai.dueDigestTasks(new Date())).filter((t) => t.userId === userId)
      expect(mine).toEqual([expect.objectContaining({ userId, views: [0], startDate: window.start.toISOString(), endDate: window.end.toISOString(), timeZone: 'UTC' })])
      const before = fake.requests.length
      let runs = 0
      const work = async (t: DigestTask) => {
        runs++
        await server.deps.ai.runDigestTask(t)
      }
      open().process(work, { concurrency: 2 })
      open().process(work, { concurrency: 2 })
      await Promise.all([open().enqueue(mine), open().enqueue(mine)])
      await waitFor(async () => (await server.database.db.selectFrom('ai_digests').select('userId').where('userId', '=', userId).execute()).length === 1)
      await open().enqueue(mine)
      await settle()
      expect(runs).toBe(1)
      expect(fake.requests.length - before).toBe(1)
      const d = (await client.get('/api/ai/daily?view=0')).body.data
      expect(d).toMatchObject({ final: true, engine: 'model', topics: [expect.objectContaining({ title: 'Queued' })] })
      expect(fake.requests.length - before).toBe(1)
    })
  })
})

describeEachDialect('the scheduler role on the in-process queue', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect, { SERVICES: 'web,scheduler', SCHEDULER_INTERVAL_SECONDS: '0.2' })
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('queues and builds the digest of the half day that ended (no provider: the extractive engine)', async () => {
    const window = previousHalfDay(new Date(), 'UTC')
    const client = await signedUpClient(server, `${newId()}@example.com`)
    const feed = await insertFeed(server.database.db, { title: 'Tick News' })
    // Not due for a refresh: this test is about the digest, not the feed.
    await server.database.db.updateTable('feeds').set({ nextCheckAt: new Date(Date.now() + 24 * HOUR).toISOString() }).execute()
    // Entries first: the scheduler may pick the user up as soon as they subscribe.
    await insertEntries(server.database.db, feed, 2, { newest: new Date(window.end.getTime() - HOUR) })
    await client.post('/api/subscriptions', { feedId: feed, view: 0 })
    const userId = (await client.get('/api/auth/get-session')).body.user.id as string
    await waitFor(async () => (await server.database.db.selectFrom('ai_digests').selectAll().where('userId', '=', userId).execute()).length === 1)
    const [row] = await server.database.db.selectFrom('ai_digests').selectAll().where('userId', '=', userId).execute()
    expect(row).toMatchObject({ view: 0, startDate: window.start.toISOString(), engine: 'extractive' })
    expect(JSON.parse(row.content).topics[0]).toMatchObject({ title: 'Tick News' })
  })
})
