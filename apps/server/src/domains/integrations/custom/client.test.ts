/** A custom HTTP integration: templates filled (URL-encoded in the URL, JSON-escaped in a JSON body), headers sent. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOOPBACK, startFakeService } from '../../../test/fakeService.ts'
import { sendCustomHttp } from './client.ts'
import { sampleEntry } from '../sampleEntry.ts'

let fake: Awaited<ReturnType<typeof startFakeService>>
beforeAll(async () => {
  fake = await startFakeService((r) => (r.path.startsWith('/fail') ? { status: 422, body: '{"error":"title missing"}' } : { status: 200, body: 'ok' }))
})
afterAll(() => fake.close())

it('fills the templates and sends the headers', async () => {
  await sendCustomHttp(sampleEntry, { method: 'PUT', url: `${fake.url}/save?u={{url}}`, headers: [{ name: 'X-Api-Key', value: 'k1' }], body: '{"t":"{{title}}","by":"{{author}}","at":"{{publishedAt}}"}' }, LOOPBACK)
  const [req] = fake.requests
  expect(req).toMatchObject({ method: 'PUT', path: `/save?u=${encodeURIComponent(sampleEntry.url!)}` })
  expect(req.headers['x-api-key']).toBe('k1')
  expect(req.headers['content-type']).toBe('application/json')
  expect(JSON.parse(req.body)).toEqual({ t: sampleEntry.title, by: 'Ann Author', at: sampleEntry.publishedAt })
  await expect(sendCustomHttp(sampleEntry, { method: 'POST', url: `${fake.url}/fail`, headers: [], body: '' }, LOOPBACK)).rejects.toThrow('422 title missing')
})
