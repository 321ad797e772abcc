/** Cubox's save API (the user's own API link, JSON {type, content, title…}), faked on loopback. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOOPBACK, startFakeService } from '../../../test/fakeService.ts'
import { saveToCubox } from './client.ts'
import { sampleEntry } from '../sampleEntry.ts'

let fake: Awaited<ReturnType<typeof startFakeService>>
beforeAll(async () => {
  fake = await startFakeService((r) => (r.path === '/c/api/save/good' ? { status: 200, body: '{"code":200,"message":""}' } : { status: 200, body: '{"code":-3030,"message":"invalid token"}' }))
})
afterAll(() => fake.close())

it('POSTs a url item to the API link', async () => {
  await saveToCubox(sampleEntry, { apiUrl: `${fake.url}/c/api/save/good` }, LOOPBACK)
  const [req] = fake.requests
  expect(req.method).toBe('POST')
  expect(JSON.parse(req.body)).toEqual({ type: 'url', content: sampleEntry.url, title: sampleEntry.title, description: '', tags: [], folder: '' })
  await expect(saveToCubox(sampleEntry, { apiUrl: `${fake.url}/c/api/save/bad` }, LOOPBACK)).rejects.toThrow('-3030 invalid token')
})
