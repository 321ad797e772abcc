/**
 * The onboarding guide in Chromium (issue 19): a new account sees it in the empty entry column;
 * with nothing known on the fresh server it says so; after another account follows a loopback feed
 * that the admin files under Design, picking the Design interest suggests it and one click follows
 * it (it shows in the sidebar); "Import OPML" goes to Discover; Skip hides it for good (also after a reload); "Getting started" in
 * the account menu brings it back; Done hides it and — with usage data on — sends event 3001
 * (outcome completed) to the server, where the admin's count for today shows it.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, openPage, screenshot, signUpInBrowser } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

describeBrowser('onboarding guide', () => {
  let server: BrookServer
  let browser: Browser
  let page: Page
  let feedServer: Server
  let feedUrl = ''
  const feedTitle = 'Loopback Design Weekly'
  const user = { name: 'Ada', email: `ada-onboarding+${Date.now()}@example.com`, password: 'correct horse battery' }
  const guide = () => page.getByTestId('onboarding-guide')

  beforeAll(async () => {
    // A real RSS feed on loopback, for the suggestion the guide offers.
    feedServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' })
      res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>${feedTitle}</title><link>http://127.0.0.1/</link><description>Type and grids</description><item><title>On grids</title><link>http://127.0.0.1/grids</link><guid>grids</guid><pubDate>${new Date().toUTCString()}</pubDate></item></channel></rss>`)
    })
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve))
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/design.xml`
    server = await startServer()
    browser = await launchBrowser()
    ;({ page } = await openPage(browser, { viewport: { width: 1440, height: 900 } }))
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await new Promise((resolve) => feedServer?.close(resolve))
  })

  it('shows the guide to a new account in the empty entry column; its steps lead to Discover', async () => {
    await signUpInBrowser(page, server.url, user)
    await guide().waitFor()
    expect(await guide().getByRole('heading', { level: 2 }).textContent()).toBe('Welcome to Brook, Ada')
    for (const step of ['interests', 'follow', 'opml', 'views', 'app']) await page.getByTestId(`onboarding-step-${step}`).waitFor()
    await screenshot(page, 'onboarding-01-guide')
    await page.getByRole('button', { name: 'Import OPML' }).click()
    await page.waitForURL(/\/discover\?section=opml$/)
    await page.locator('#discover-opml').waitFor()
    await page.goBack()
    await guide().waitFor()
    expect(await page.getByTestId('onboarding-step-opml').getAttribute('data-done')).toBe('true')
    expect(await page.getByTestId('onboarding-step-follow').getAttribute('data-done')).toBeNull()
  })

  it('suggests feeds for the chosen interests and language and follows one in one click', async () => {
    // A fresh server knows no feed: the guide says so.
    await page.getByTestId('onboarding-suggestions-empty').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('onboarding-suggestions-empty').textContent()).toContain('Open Discover')
    // Another account follows the loopback feed (publicly); the admin (Ada) files it under Design.
    const { context: other, page: otherPage } = await openPage(browser)
    await signUpInBrowser(otherPage, server.url, { name: 'Grace', email: `grace-onboarding+${Date.now()}@example.com`, password: 'correct horse battery' })
    const feedId = await otherPage.evaluate(async (url) => {
      const answer = (await (await fetch('/api/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, view: 0 }) })).json()) as { data: { feed: { id: string } } }
      return answer.data.feed.id
    }, feedUrl)
    await other.close()
    const filed = await page.evaluate(async (id) => (await fetch('/api/feeds/discovery-category', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ feedId: id, category: 'design' }) })).status, feedId)
    expect(filed).toBe(200)

    // Languages and interests: all languages, Design.
    await page.getByLabel('Discover language').selectOption({ label: 'All languages' })
    const design = page.getByTestId('onboarding-interest-design')
    expect(await design.textContent()).toBe('Design')
    await design.click()
    expect(await design.getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByTestId('onboarding-step-interests').getAttribute('data-done')).toBe('true')
    const suggestion = page.getByTestId('onboarding-suggestion').filter({ hasText: feedTitle })
    await suggestion.waitFor({ timeout: 15_000 })
    expect(await suggestion.textContent()).toContain('1 follower')
    await screenshot(page, 'onboarding-03-suggestions')
    // One click follows it: "Following", the step is done, and the sidebar lists it.
    await suggestion.getByRole('button', { name: `Follow ${feedTitle}` }).click()
    await suggestion.getByText('Following').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('onboarding-step-follow').getAttribute('data-done')).toBe('true')
    await page.getByTestId('sidebar').locator('[data-testid="subscription-row"]', { hasText: feedTitle }).waitFor({ timeout: 30_000 })
    await screenshot(page, 'onboarding-04-followed')
    // Step 4's buttons, Layout and fonts among them, look alike.
    await page.getByTestId('onboarding-step-app').scrollIntoViewIfNeeded()
    await screenshot(page, 'onboarding-05-views')
    // The language is the Discover setting (kept after a reload), the interests are kept too.
    await page.reload()
    await guide().waitFor()
    expect(await page.getByLabel('Discover language').inputValue()).toBe('all')
    expect(await page.getByTestId('onboarding-interest-design').getAttribute('aria-pressed')).toBe('true')
    await suggestion.getByText('Following').waitFor({ timeout: 15_000 })
  })

  it('Skip hides it for good; Getting started brings it back; Done sends 3001', async () => {
    await page.getByTestId('onboarding-skip').click()
    await page.getByText('Pick an entry').waitFor()
    expect(await guide().count()).toBe(0)
    await page.reload()
    await page.getByText('Pick an entry').waitFor()
    expect(await guide().count()).toBe(0)

    // Usage data on (Settings → Privacy), so the guide's event goes out.
    await page.goto(`${server.url}/settings/privacy`)
    const toggle = page.getByRole('switch', { name: 'Send anonymous usage data' })
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/api/settings/general', { timeout: 20_000 })
    await toggle.click()
    await saved

    await page.getByTestId('user-menu-trigger').click()
    await page.getByTestId('getting-started').click()
    await page.waitForURL(/\/timeline\/view-0\/all\/pending$/)
    await guide().waitFor()
    await screenshot(page, 'onboarding-02-reopened')
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/analytics' && (r.postData() ?? '').includes('"3001"'), { timeout: 20_000 })
    await page.getByTestId('onboarding-done').click()
    const body = JSON.parse((await posted).postData()!) as { events: { name: string; params: Record<string, unknown> }[] }
    expect(body.events.find((e) => e.name === '3001')?.params).toMatchObject({ outcome: 'completed', steps: 3, engagement_time_msec: 1000 })
    await page.getByText('Pick an entry').waitFor()
    // Counted by the server (the first account is the instance's admin).
    await expect
      .poll(async () => page.evaluate(async () => {
        const answer = (await (await fetch('/api/analytics?days=1')).json()) as { data: { days: { events: Record<string, number> }[] } | { event: string; count: number }[] }
        return JSON.stringify(answer.data)
      }), { timeout: 20_000 })
      .toContain('3001')
  })
})
