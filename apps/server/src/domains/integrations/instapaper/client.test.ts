/** Instapaper's Simple API (/api/add, HTTP Basic, form fields), faked on loopback. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOOPBACK, startFakeService } from '../../../test/fakeService.ts'
import { saveToInstapaper } from './client.ts'
import { sampleEntry } from '../sampleEntry.ts'

let fake: Awaited<ReturnType<typeof startFakeService>>
beforeAll(async () => {
  fake = await startFakeService((r) => (r.headers.authorization === `Basic ${Buffer.from('ann@example.com:pw').toString('base64')}` ? { status: 201, body: '201' } : { status: 403, body: '403' }))
})
afterAll(() => fake.close())

it('POSTs url and title as a form with Basic auth', async () => {
  await saveToInstapaper(sampleEntry, { username: 'ann@example.com', password: 'pw' }, LOOPBACK, fake.url)
  const [req] = fake.requests
  expect(req).toMatchObject({ method: 'POST', path: '/api/add' })
  expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded')
  expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({ url: sampleEntry.url, title: sampleEntry.title })
})

it('403 means wrong credentials', async () => {
  await expect(saveToInstapaper(sampleEntry, { username: 'ann@example.com', password: 'no' }, LOOPBACK, fake.url)).rejects.toThrow('403 invalid username or password')
})
