/**
 * The daily POWER computation and 4005 (issue 11), across processes on both databases: a real
 * server process answers claims while the computation runs in this test's process over the same
 * database — so the "running" state can only have reached it through the database. While it runs:
 * claim-check says computing and claim-daily answers 4005; a second run of the day does nothing;
 * afterwards the day's amount is fixed (activity gained later in the day does not change it) and
 * the claim pays it; a run whose process died (lease lapsed) blocks nobody and is taken over.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId, power } from '@brook/shared'
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/testDatabase.ts'
import { TestClient } from '../../test/testServer.ts'
import { kill, startChild, type Child } from '../../test/childServer.ts'
import { insertFeed } from '../../test/factories.ts'
import { subscribeUser } from '../../test/feedEngineFixtures.ts'
import { walletsRepo } from './repo.ts'
import { createWalletsService, DAILY_RUN_LEASE_MS } from './service.ts'

describeEachDialect('daily POWER computation', (dialect) => {
  let database: TestDatabase
  let child: Child
  let admin: TestClient
  let bob: TestClient
  let bobId: string
  const day = () => new Date().toISOString().slice(0, 10)
  const jobs = () => createWalletsService({ repo: walletsRepo(database.db), config: { POWER_DAILY_BASE: 10 } })

  beforeAll(async () => {
    database = await createTestDatabase(dialect)
    // SERVICES=web: this server never runs the computation itself.
    child = await startChild(database.location, { SERVICES: 'web', POWER_DAILY_BASE: '10' })
    admin = new TestClient(child.url)
    await admin.signUp('daily-admin@example.com')
    bob = new TestClient(child.url)
    bobId = (await bob.signUp('daily-bob@example.com')).id
  }, 60_000)

  afterAll(async () => {
    await kill(child)
    await database?.dispose()
  })

  it('answers 4005 on another process while the computation runs, then pays the amount it fixed', async () => {
    expect((await bob.get('/api/wallets/transactions/claim-check')).body.data).toMatchObject({ computing: false, claimable: true })
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let paused!: () => void
    const reachedPause = new Promise<void>((resolve) => (paused = resolve))
    const run = jobs().computeDaily({ afterPage: async () => (paused(), gate) })
    await reachedPause

    expect((await bob.get('/api/wallets/transactions/claim-check')).body.data).toMatchObject({ computing: true, claimable: false, claimedToday: false })
    const refused = await bob.post('/api/wallets/transactions/claim-daily')
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 4005, message: 'Daily power calculation in progress' })
    // Nothing moved, and a second run of the same day (another scheduler) does nothing.
    expect((await bob.get('/api/wallets')).body.data[0].powerToken).toBe('0')
    expect(await jobs().computeDaily()).toEqual({ ran: false, users: 0 })

    release()
    expect(await run).toEqual({ ran: true, users: 2 })
    expect(await jobs().computeDaily()).toEqual({ ran: false, users: 0 })

    // Following 10 feeds now would raise bob's multiplier — tomorrow; today's amount is fixed.
    for (let i = 0; i < 10; i++) await subscribeUser(database, bobId, await insertFeed(database.db, { title: `daily-${i}` }))
    expect((await bob.get('/api/wallets/transactions/claim-check')).body.data).toMatchObject({ computing: false, claimable: true, multiplier: 1, amount: power(10).toString() })
    const claimed = await bob.post('/api/wallets/transactions/claim-daily')
    expect(claimed.status).toBe(200)
    expect(claimed.body.data.amount).toBe(power(10).toString())
    // The admin's fixed amount carries the role weight (2×).
    expect((await admin.post('/api/wallets/transactions/claim-daily')).body.data.amount).toBe(power(20).toString())
  })

  it('does not let a run whose process died block claims; the next run takes it over', async () => {
    await database.db.deleteFrom('power_daily_runs').execute()
    await database.db.deleteFrom('power_daily_amounts').execute()
    const lapsed = new Date(Date.now() - 1000).toISOString()
    await database.db.insertInto('power_daily_runs').values({ day: day(), status: 'running', owner: newId(), leaseUntil: lapsed, startedAt: new Date(Date.now() - DAILY_RUN_LEASE_MS).toISOString(), finishedAt: null }).execute()
    const carol = new TestClient(child.url)
    await carol.signUp('daily-carol@example.com')
    expect((await carol.get('/api/wallets/transactions/claim-check')).body.data.computing).toBe(false)
    expect((await carol.post('/api/wallets/transactions/claim-daily')).status).toBe(200)
    expect(await jobs().computeDaily()).toEqual({ ran: true, users: 3 })
    const row = await database.db.selectFrom('power_daily_runs').selectAll().where('day', '=', day()).executeTakeFirstOrThrow()
    expect(row.status).toBe('done')
  })

  it('is run by the scheduler role', { timeout: 60_000 }, async () => {
    await database.db.deleteFrom('power_daily_runs').execute()
    const scheduler = await startChild(database.location, { SERVICES: 'web,scheduler' })
    try {
      await expect
        .poll(async () => (await database.db.selectFrom('power_daily_runs').select(['status', 'users']).where('day', '=', day()).executeTakeFirst()) ?? null, { timeout: 20_000, interval: 200 })
        .toEqual({ status: 'done', users: 3 })
    } finally {
      await kill(scheduler)
    }
  })
})
