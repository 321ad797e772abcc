/**
 * Feature flags through HTTP on both databases: admin-only (1004), unknown names (400/4),
 * on/off and percentage rollout, per-user overrides winning over both, stats and affected users,
 * and the caller's flags in GET /api/status/configs (signed out: only flags on for everyone).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FEATURE_FLAGS } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { bucketOf } from './service.ts'

describeEachDialect('feature flags API', (dialect) => {
  let server: TestServer
  let admin: TestClient
  let users: TestClient[]
  let ids: string[]
  const flagsOf = async (c: TestClient) => (await c.get('/api/status/configs')).body.data.flags

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    admin = await signedUpClient(server, 'admin-flags@example.com')
    users = await Promise.all(Array.from({ length: 6 }, (_, i) => signedUpClient(server, `user${i}-flags@example.com`)))
    ids = await Promise.all(users.map(async (u) => (await u.get('/api/auth/get-session')).body.user.id))
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('lists every flag, on by default, for admins only; unknown names are 400', async () => {
    const list = (await admin.get('/api/admin/feature-flags')).body.data
    expect(list.map((f: any) => f.name)).toEqual([...FEATURE_FLAGS])
    expect(list.every((f: any) => f.enabled && f.percentage === 100 && f.overrides === 0)).toBe(true)
    expect((await users[0].get('/api/admin/feature-flags')).body.code).toBe(1004)
    expect((await users[0].put('/api/admin/feature-flags/ai_chat', { enabled: false })).body.code).toBe(1004)
    expect((await admin.put('/api/admin/feature-flags/warp_drive', { enabled: false })).body.code).toBe(4)
    expect((await admin.put('/api/admin/feature-flags/ai_chat', { enabled: true, percentage: 101 })).body.code).toBe(4)
    expect(await flagsOf(new TestClient(server.url))).toEqual(Object.fromEntries(FEATURE_FLAGS.map((n) => [n, true])))
  })

  it('off for everyone, then a percentage rollout by a stable bucket; overrides win', async () => {
    expect((await admin.put('/api/admin/feature-flags/ai_chat', { enabled: false })).body.data).toMatchObject({ name: 'ai_chat', enabled: false, percentage: 100 })
    for (const u of users) expect((await flagsOf(u)).ai_chat).toBe(false)

    await admin.put('/api/admin/feature-flags/ai_chat', { enabled: true, percentage: 50 })
    const expected = ids.map((id) => bucketOf('ai_chat', id) < 50)
    expect(await Promise.all(users.map(async (u) => (await flagsOf(u)).ai_chat))).toEqual(expected)
    expect((await flagsOf(new TestClient(server.url))).ai_chat).toBe(false)

    const offUser = ids.findIndex((_, i) => !expected[i])
    const onUser = ids.findIndex((_, i) => expected[i])
    const target = offUser >= 0 ? offUser : 0
    expect((await admin.post('/api/admin/feature-flags/ai_chat/overrides', { userId: ids[target], enabled: true })).body.data).toEqual({ name: 'ai_chat', userId: ids[target], enabled: true })
    expect((await flagsOf(users[target])).ai_chat).toBe(true)
    if (onUser >= 0) {
      await admin.post('/api/admin/feature-flags/ai_chat/overrides', { userId: ids[onUser], enabled: false })
      expect((await flagsOf(users[onUser])).ai_chat).toBe(false)
    }
    expect((await admin.post('/api/admin/feature-flags/ai_chat/overrides', { userId: 'nobody', enabled: true })).body.code).toBe(6)

    const stats = (await admin.get('/api/admin/feature-flags/ai_chat/stats')).body.data
    const total = ids.length + 1
    const onCount = [...ids, 'admin'].filter((_, i) => i < ids.length && (i === target ? true : i === onUser ? false : expected[i])).length
    expect(stats).toMatchObject({ name: 'ai_chat', enabled: true, percentage: 50, totalUsers: total, overridesOn: 1, overridesOff: onUser >= 0 ? 1 : 0 })
    expect(stats.enabledUsers - onCount).toBeGreaterThanOrEqual(0) // plus the admin's own bucket
    expect(stats.enabledUsers - onCount).toBeLessThanOrEqual(1)
    const affected = (await admin.get('/api/admin/feature-flags/ai_chat/affected-users')).body.data
    expect(affected.find((a: any) => a.userId === ids[target])).toMatchObject({ enabled: true, email: `user${target}-flags@example.com` })

    expect((await admin.delete(`/api/admin/feature-flags/ai_chat/overrides/${ids[target]}`)).body.data).toEqual({ name: 'ai_chat', userId: ids[target] })
    expect((await flagsOf(users[target])).ai_chat).toBe(expected[target])
    expect((await admin.delete(`/api/admin/feature-flags/ai_chat/overrides/${ids[target]}`)).body.code).toBe(6)
    expect((await admin.get('/api/admin/feature-flags')).body.data.find((f: any) => f.name === 'ai_chat')).toMatchObject({ enabled: true, percentage: 50, overrides: onUser >= 0 ? 1 : 0 })
  })
})
