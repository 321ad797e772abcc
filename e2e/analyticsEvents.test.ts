/**
 * The SPEC §3 analytics events sent at their real moments in Chromium (issue 19): with "Send
 * anonymous usage data" on, start-up (1003 app init, 1002 UI render init, 1000 identify), quick
 * add (2008), the subscribe form (2015), following (3002), opening an entry (2000), search (2007),
 * wide mode (2005), the daily report (2003), masonry (2004) and signing in (1001) each reach
 * Brook's endpoint and are counted for today; a second account with the setting off does the same
 * things and nothing is sent.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, openPage, screenshot, signUpInBrowser } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

const TIMELINE_URL = /\/timeline\/view-0\/all\/pending$/

function feedXml(origin: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Event Station</title><link>${origin}/</link><description>d</description>
<item><title>Counting things</title><link>${origin}/posts/1</link><guid>event-1</guid><pubDate>${new Date(Date.now() - 3_600_000).toUTCString()}</pubDate><description>Events are counted per day.</description></item>
</channel></rss>`
}

describeBrowser('analytics events', () => {
  let server: BrookServer
  let farm: FeedFarm
  let browser: Browser
  let page: Page
  /** Event codes one page posted to /api/analytics, in order, and how many requests carried them. */
  function watch(p: Page) {
    const seen = { events: [] as string[], posts: 0 }
    p.on('request', (r) => {
      if (r.method() !== 'POST' || new URL(r.url()).pathname !== '/api/analytics') return
      seen.posts++
      for (const e of (r.postDataJSON() as { events: { name: string }[] }).events) seen.events.push(e.name)
    })
    return seen
  }
  let seen: ReturnType<typeof watch>

  /**
   * The things a reader does; each is a moment of one event. `sent(code)` waits until the event
   * left the page before a full page load would drop the batch still waiting (a reader moves
   * inside the app; the test jumps by address).
   */
  async function doThings(p: Page, sent: (code: string) => Promise<void>) {
    await p.getByTestId('quick-add-button').click()
    await p.getByTestId('discover-input').fill(farm.url('/events.xml'))
    await p.getByTestId('discover-submit').click()
    await p.getByTestId('follow-panel').waitFor()
    await p.getByTestId('subscription-form').getByRole('button', { name: 'Follow' }).click()
    await p.locator('[data-testid="subscription-row"]', { hasText: 'Event Station' }).waitFor({ timeout: 30_000 })
    await p.locator('[data-testid="entry-item"]').first().click({ timeout: 30_000 })
    await p.getByTestId('entry-reader').waitFor()
    await p.getByTestId('entry-reader').click()
    await p.keyboard.press('Control+k')
    await p.getByTestId('search-dialog').waitFor()
    await p.keyboard.press('Escape')
    await p.getByTestId('daily-report').click()
    await p.keyboard.press('Escape')
    await sent('2003')
    await p.goto(`${server.url}/timeline/view-2/all/pending`)
    await p.getByTestId('grid-style').click()
    await p.getByTestId('grid-style').click()
    await sent('2004')
    await p.goto(`${server.url}/settings/appearance`)
    await p.getByRole('switch', { name: 'Wide mode' }).click()
    await sent('2005')
  }

  beforeAll(async () => {
    farm = await startFeedFarm()
    farm.setFeed('/events.xml', { body: feedXml(farm.origin), contentType: 'application/rss+xml' })
    server = await startServer({ FETCH_ALLOW_PRIVATE_NETWORKS: 'true' })
    browser = await launchBrowser()
    ;({ page } = await openPage(browser))
    seen = watch(page)
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `analytics-events-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
  })

  it('on: each moment sends its event, batched to Brook, and the admin counts them per day', async () => {
    const user = { name: 'Eve Events', email: `events+${Date.now()}@example.com`, password: 'correct horse battery' }
    await signUpInBrowser(page, server.url, user)
    await page.goto(`${server.url}/settings/general`)
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/api/settings/general', { timeout: 20_000 })
    await page.getByRole('switch', { name: 'Send anonymous usage data' }).click()
    await saved

    // A new start: app init, UI render init and identify (held until the settings are known).
    await page.goto(`${server.url}/`)
    await page.waitForURL(TIMELINE_URL)
    await expect.poll(() => [...new Set(seen.events)].sort(), { timeout: 30_000 }).toEqual(['1000', '1002', '1003'])

    await doThings(page, (code) => expect.poll(() => seen.events.includes(code), { timeout: 30_000 }).toBe(true))
    // Sign out and in again through the form: user login (and identify again).
    await page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' }))
    await page.goto(`${server.url}/login`)
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(TIMELINE_URL)

    const expected = ['1000', '1001', '1002', '1003', '2000', '2003', '2004', '2005', '2007', '2008', '2015', '3002']
    await expect.poll(() => expected.filter((code) => !seen.events.includes(code)), { timeout: 30_000 }).toEqual([])
    // Batched: fewer requests than events.
    expect(seen.posts).toBeLessThan(seen.events.length)

    const today = new Date().toISOString().slice(0, 10)
    const counted = await page.evaluate(async () => ((await (await fetch('/api/analytics?days=1', { credentials: 'include' })).json()) as { data: { day: string; event: string; count: number }[] }).data)
    for (const code of expected) expect(counted.find((r) => r.day === today && r.event === code)?.count, code).toBeGreaterThan(0)
    await page.goto(`${server.url}/settings/admin`)
    const table = page.getByTestId('admin-analytics')
    await table.getByText('subscribeModalOpened').waitFor({ timeout: 15_000 })
    await table.scrollIntoViewIfNeeded()
    await screenshot(page, 'analytics-events-01-admin-counts')
  })

  it('off: the same things send nothing', async () => {
    const { page: other } = await openPage(browser)
    const off = watch(other)
    await signUpInBrowser(other, server.url, { name: 'Otto Off', email: `off+${Date.now()}@example.com`, password: 'correct horse battery' })
    await other.goto(`${server.url}/`)
    await other.waitForURL(TIMELINE_URL)
    await doThings(other, async () => undefined)
    // Held events wait at most ten batches (30 s) for the settings; wait past a batch, then check.
    await other.waitForTimeout(5000)
    expect(off).toEqual({ events: [], posts: 0 })
  })
})
