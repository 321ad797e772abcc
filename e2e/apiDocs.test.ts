/**
 * /api/docs in Chromium: the reference renders every route group from /api/openapi.json, and the
 * page asks nothing of any other host (Swagger UI's files are served by Brook from its package).
 */
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../apps/server/src/test/testServer.ts'
import { ARTIFACTS_DIR, describeBrowser, launchBrowser, screenshot } from './support/browser.ts'

describeBrowser('API reference', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  const requested: string[] = []

  beforeAll(async () => {
    server = await startTestServer('sqlite')
    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light' })
    page = await context.newPage()
    page.on('request', (request) => requested.push(request.url()))
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('renders the routes of /api/openapi.json from files Brook serves itself', async () => {
    await page.goto(`${server.url}/api/docs`)
    await page.getByText('Brook API', { exact: false }).first().waitFor()
    for (const tag of ['entries', 'subscriptions', 'reads', 'lists', 'inboxes', 'settings', 'wallets', 'ai', 'search', 'boosts']) await expect(page.locator(`#operations-tag-${tag}`).count()).resolves.toBe(1)
    // Sections start folded (25 of them); one opens on a click and lists its routes.
    await page.locator('#operations-tag-collections').click()
    await page.getByText('Star an entry').first().waitFor()
    await screenshot(page, 'api-docs')
    const elsewhere = requested.filter((url) => new URL(url).origin !== new URL(server.url).origin)
    expect(elsewhere).toEqual([])
    expect(requested.some((url) => url.endsWith('/api/openapi.json'))).toBe(true)
  })

  it('shows one route with its answers: the data schema and the catalogue codes of each error', async () => {
    const operation = page.locator('#operations-collections-post_api_collections')
    await operation.locator('.opblock-summary').first().click()
    await operation.locator('.responses-wrapper').waitFor()
    await operation.scrollIntoViewIfNeeded()
    const text = await operation.innerText()
    expect(text).toContain('3000: Entry not found')
    expect(text).toContain('1000: Unauthorized')
    await operation.screenshot({ path: path.join(ARTIFACTS_DIR, 'api-docs-operation.png') })
  })
})
