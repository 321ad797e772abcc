/** Outline's documents.create (Bearer key, Markdown text, collectionId, publish), faked on loopback. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOOPBACK, startFakeService } from '../../../test/fakeService.ts'
import { saveToOutline } from './client.ts'
import { sampleEntry } from '../sampleEntry.ts'

let fake: Awaited<ReturnType<typeof startFakeService>>
beforeAll(async () => {
  fake = await startFakeService((r) => (r.headers.authorization === 'Bearer ol_api_x' ? { status: 200, body: '{"data":{"id":"d1","url":"/doc/a-quoted-title-d1"}}' } : { status: 401, body: '{"ok":false,"error":"authentication_required","message":"Authentication error"}' }))
})
afterAll(() => fake.close())

it('creates a published document with the entry as Markdown', async () => {
  expect(await saveToOutline(sampleEntry, { baseUrl: fake.url, token: 'ol_api_x', collectionId: 'col-1' }, LOOPBACK)).toBe(`${fake.url}/doc/a-quoted-title-d1`)
  const [req] = fake.requests
  expect(req).toMatchObject({ method: 'POST', path: '/api/documents.create' })
  const body = JSON.parse(req.body)
  expect(body).toMatchObject({ title: sampleEntry.title, collectionId: 'col-1', publish: true })
  expect(body.text).toBe(`[Example Blog](${sampleEntry.url})\n\n## Heading\n\nSome **bold** text.`)
  await expect(saveToOutline(sampleEntry, { baseUrl: fake.url, token: 'x', collectionId: 'c' }, LOOPBACK)).rejects.toThrow('401 Authentication error')
})
