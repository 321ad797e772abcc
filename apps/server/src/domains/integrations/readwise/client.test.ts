/** Readwise Reader's save endpoint as its documentation describes it, faked on loopback. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOOPBACK, startFakeService } from '../../../test/fakeService.ts'
import { saveToReadwise } from './client.ts'
import { sampleEntry } from '../sampleEntry.ts'

let fake: Awaited<ReturnType<typeof startFakeService>>
beforeAll(async () => {
  fake = await startFakeService((r) => (r.headers.authorization === 'Token good-token' ? { status: 201, headers: { 'content-type': 'application/json' }, body: '{"id":"01abc","url":"https://read.readwise.io/new/read/01abc"}' } : { status: 401, headers: { 'content-type': 'application/json' }, body: '{"detail":"Invalid token."}' }))
})
afterAll(() => fake.close())

it('POSTs the entry to /api/v3/save/ with Token auth and answers the document URL', async () => {
  expect(await saveToReadwise(sampleEntry, { token: 'good-token' }, LOOPBACK, fake.url)).toBe('https://read.readwise.io/new/read/01abc')
  const [req] = fake.requests
  expect(req).toMatchObject({ method: 'POST', path: '/api/v3/save/' })
  expect(req.headers['content-type']).toBe('application/json')
  expect(JSON.parse(req.body)).toMatchObject({ url: sampleEntry.url, title: sampleEntry.title, author: sampleEntry.author, html: sampleEntry.content, published_date: sampleEntry.publishedAt })
})

it("a refusal carries Readwise's own text", async () => {
  await expect(saveToReadwise(sampleEntry, { token: 'bad' }, LOOPBACK, fake.url)).rejects.toThrow('401 Invalid token.')
  await expect(saveToReadwise(sampleEntry, {}, LOOPBACK, fake.url)).rejects.toThrow('no access token set')
})
