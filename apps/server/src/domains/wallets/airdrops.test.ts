/** /api/wallets/airdrop over HTTP on both databases: admins define, users check and claim once (4010–4013). */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId, power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'

describeEachDialect('airdrops', (dialect) => {
  let server: TestServer
  let admin: TestClient

  /** A signed-in user whose e-mail is verified (and role set), in a fresh session. */
  async function user(email: string, options: { verified?: boolean; role?: string } = {}) {
    const client = await signedUpClient(server, email)
    const id = (await client.get('/api/auth/get-session')).body.user.id as string
    await server.database.db.updateTable('user').set({ emailVerified: options.verified === false ? false : true, role: options.role ?? 'free' }).where('id', '=', id).execute()
    const fresh = new TestClient(server.url)
    await fresh.signIn(email)
    return { client: fresh, id }
  }

  beforeAll(async () => {
    server = await startTestServer(dialect)
    admin = await signedUpClient(server, 'admin-airdrop@example.com')
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('admins define campaigns; users claim once; the refusals carry their codes', async () => {
    const bob = await user('bob-airdrop@example.com')
    expect((await bob.client.put('/api/wallets/airdrop', { title: 'Mine', amount: '1' })).body.code).toBe(1004)
    const campaign = (await admin.put('/api/wallets/airdrop', { title: 'Launch', amount: power(5).toString(), eligibility: { roles: ['free'] } })).body.data
    expect(campaign).toMatchObject({ title: 'Launch', amount: power(5).toString(), active: true, eligibility: { roles: ['free'] } })
    expect((await admin.put('/api/wallets/airdrop', { id: newId(), title: 'x', amount: '1' })).body.code).toBe(6)

    const unverified = await user('unverified-airdrop@example.com', { verified: false })
    expect((await unverified.client.get('/api/wallets/airdrop')).body.data.find((a: any) => a.id === campaign.id)).toMatchObject({ eligible: false, status: 'none' })
    expect((await unverified.client.post('/api/wallets/airdrop', { airdropId: campaign.id })).body).toMatchObject({ code: 4013, message: 'Airdrop not verified' })
    const pro = await user('pro-airdrop@example.com', { role: 'pro' })
    expect((await pro.client.post('/api/wallets/airdrop', { airdropId: campaign.id })).body).toMatchObject({ code: 4010, message: 'Airdrop not eligible' })

    const answers = await Promise.all([1, 2, 3].map(() => bob.client.post('/api/wallets/airdrop', { airdropId: campaign.id })))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    for (const a of answers.filter((x) => x.status !== 200)) expect([4011, 4012]).toContain(a.body.code)
    expect((await bob.client.post('/api/wallets/airdrop', { airdropId: campaign.id })).body).toMatchObject({ code: 4012, message: 'Airdrop already sent' })
    expect((await bob.client.get('/api/wallets')).body.data[0]).toMatchObject({ powerToken: power(5).toString(), cashablePowerToken: '0' })
    expect((await bob.client.get('/api/wallets/airdrop')).body.data.find((a: any) => a.id === campaign.id)).toMatchObject({ eligible: true, status: 'sent' })

    // A claim being sent right now answers 4011.
    const dave = await user('dave-airdrop@example.com')
    await server.database.db.insertInto('airdrop_claims').values({ airdropId: campaign.id, userId: dave.id, status: 'sending', transferId: null, createdAt: new Date().toISOString() }).execute()
    expect((await dave.client.post('/api/wallets/airdrop', { airdropId: campaign.id })).body).toMatchObject({ code: 4011, message: 'Airdrop is sending' })

    // Ended campaigns are not listed and cannot be claimed.
    await admin.put('/api/wallets/airdrop', { id: campaign.id, title: 'Launch', amount: power(5).toString(), active: false })
    expect((await dave.client.get('/api/wallets/airdrop')).body.data.some((a: any) => a.id === campaign.id)).toBe(false)
    expect((await server.deps.wallets.audit()).ok).toBe(true)
  })
})
