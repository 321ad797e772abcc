/** Readeck's bookmark API (POST /api/bookmarks, Bearer token), faked on loopback under a sub-path. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOOPBACK, startFakeService, type FakeAnswer } from '../../../test/fakeService.ts'
import { saveToReadeck } from './client.ts'
import { sampleEntry } from '../sampleEntry.ts'

let fake: Awaited<ReturnType<typeof startFakeService>>
beforeAll(async () => {
  fake = await startFakeService((r): FakeAnswer => (r.headers.authorization === 'Bearer rd-token' ? { status: 202, headers: { location: '/readeck/api/bookmarks/xyz' }, body: '{"status":202,"message":"Link submited"}' } : { status: 401, headers: { 'content-type': 'application/json' }, body: '{"status":401,"message":"Unauthorized"}' }))
})
afterAll(() => fake.close())

it('POSTs {url, title, labels} to {base}/api/bookmarks', async () => {
  expect(await saveToReadeck(sampleEntry, { baseUrl: `${fake.url}/readeck/`, token: 'rd-token' }, LOOPBACK)).toBe('/readeck/api/bookmarks/xyz')
  const [req] = fake.requests
  expect(req).toMatchObject({ method: 'POST', path: '/readeck/api/bookmarks' })
  expect(JSON.parse(req.body)).toEqual({ url: sampleEntry.url, title: sampleEntry.title, labels: ['brook'] })
  await expect(saveToReadeck(sampleEntry, { baseUrl: fake.url, token: 'x' }, LOOPBACK)).rejects.toThrow('401 Unauthorized')
})

it('a private address is refused unless allowed (SSRF guard)', async () => {
  await expect(saveToReadeck(sampleEntry, { baseUrl: fake.url, token: 'rd-token' }, { allowPrivateNetworks: false, timeoutMs: 2_000 })).rejects.toThrow(/cannot reach 127\.0\.0\.1/)
})
