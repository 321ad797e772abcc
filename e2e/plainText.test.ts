/**
 * Issue #14, "plain text stays text", in Chromium against the real server: an entry whose only
 * body is a description that decodes to markup (`<img src=x onerror=…>`; its HTML sanitizes to
 * nothing, so the entry has no content) is shown as those characters in the
 * reader, and nothing of it runs or renders as an element.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, screenshot, openPage } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

// Browser globals used inside page callbacks (e2e compiles without DOM types).
declare const window: any

const MARKUP = '<img src=x onerror="window.__pwned=1"> Plain words'

function feedXml(origin: string): string {
  // XML-escaped twice: the feed's HTML is `<button>&lt;img …&gt; Plain words</button>`, whose text is MARKUP.
  const html = `<button>${MARKUP.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</button>`
  const xml = html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Text Station</title><link>${origin}/</link><description>d</description>
<item><title>Markup in the description</title><link>${origin}/posts/1</link><guid>text-1</guid><pubDate>${new Date(Date.now() - 3_600_000).toUTCString()}</pubDate><description>${xml}</description></item>
</channel></rss>`
}

describeBrowser('plain text stays text', () => {
  let server: BrookServer
  let farm: FeedFarm
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    farm = await startFeedFarm()
    farm.setFeed('/text-station.xml', { body: feedXml(farm.origin), contentType: 'application/rss+xml' })
    server = await startServer()
    browser = await launchBrowser()
    ;({ page } = await openPage(browser, { viewport: { width: 1280, height: 860 } }))
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, 'plain-text-failed').catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
  })

  it('shows a description that decodes to markup as text in the reader, running nothing', async () => {
    await page.goto(`${server.url}/login?mode=signup`)
    await page.getByLabel('Name').fill('Text Reader')
    await page.getByLabel('E-mail').fill(`text+${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await page.waitForURL(/\/timeline\//)

    await page.getByTestId('quick-add-button').click()
    await page.getByTestId('discover-input').fill(farm.url('/text-station.xml'))
    await page.getByTestId('discover-submit').click()
    await page.getByTestId('follow-panel').waitFor()
    await page.getByTestId('subscription-form').getByRole('button', { name: 'Follow' }).click()
    await page.locator('[data-testid="subscription-row"]', { hasText: 'Text Station' }).waitFor({ timeout: 30_000 })
    await page.locator('[data-testid="entry-item"]').first().waitFor({ timeout: 30_000 })

    await page.locator('[data-testid="entry-item"]').first().click()
    await page.getByTestId('entry-reader').waitFor()
    const body = page.getByTestId('entry-content')
    await body.getByText('Plain words', { exact: false }).waitFor({ timeout: 30_000 })
    expect(await body.innerText()).toContain(MARKUP)
    expect(await body.locator('img, button').count()).toBe(0)
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined()
    await screenshot(page, 'plain-text-reader')
  })
})
