/** Zotero Web API v3 item creation (Zotero-API-Key, version header, item array), faked on loopback. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOOPBACK, startFakeService } from '../../../test/fakeService.ts'
import { saveToZotero } from './client.ts'
import { sampleEntry } from '../sampleEntry.ts'

let fake: Awaited<ReturnType<typeof startFakeService>>
beforeAll(async () => {
  fake = await startFakeService((r) =>
    r.headers['zotero-api-key'] !== 'zkey'
      ? { status: 403, body: 'Forbidden' }
      : JSON.parse(r.body)[0].itemType === 'blogPost'
        ? { status: 200, body: '{"successful":{},"success":{},"unchanged":{},"failed":{"0":{"key":"","code":400,"message":"\'blogTitle\' is required"}}}' }
        : { status: 200, body: '{"successful":{"0":{"key":"ABCD2345"}},"success":{"0":"ABCD2345"},"unchanged":{},"failed":{}}' },
  )
})
afterAll(() => fake.close())

it('POSTs one webpage item to /users/{id}/items with the v3 headers', async () => {
  await saveToZotero(sampleEntry, { userId: '475425', apiKey: 'zkey' }, LOOPBACK, fake.url)
  const [req] = fake.requests
  expect(req).toMatchObject({ method: 'POST', path: '/users/475425/items' })
  expect(req.headers['zotero-api-version']).toBe('3')
  const [item] = JSON.parse(req.body)
  expect(item).toMatchObject({ itemType: 'webpage', title: sampleEntry.title, url: sampleEntry.url, websiteTitle: 'Example Blog', date: '2025-02-03', creators: [{ creatorType: 'author', name: 'Ann Author' }] })
})

it('a failed item and a refused key carry Zotero’s text', async () => {
  await expect(saveToZotero(sampleEntry, { userId: '1', apiKey: 'zkey', itemType: 'blogPost' }, LOOPBACK, fake.url)).rejects.toThrow("400 'blogTitle' is required")
  await expect(saveToZotero(sampleEntry, { userId: '1', apiKey: 'no' }, LOOPBACK, fake.url)).rejects.toThrow('403 Forbidden')
})
