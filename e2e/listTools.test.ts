/**
 * A list owner's tools in Chromium against the real server (issue 17): on Settings → Lists, the
 * edit screen of my list shows its analytics and adds feeds to it from pasted feed addresses
 * (POST /lists/import); the list then counts the new feed.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, screenshot, signUpInBrowser, openPage } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

describeBrowser('list tools', () => {
  let server: BrookServer
  let farm: FeedFarm
  let browser: Browser
  let page: Page
  const user = { name: 'Lise Owner', email: `lists+${Date.now()}@example.com`, password: 'correct horse battery' }

  beforeAll(async () => {
    farm = await startFeedFarm()
    farm.setFeed('/garden.xml', {
      title: 'Garden Notes',
      siteUrl: farm.url('/'),
      entries: [0, 1, 2].map((i) => ({ id: `g-${i}`, title: `Garden note ${i}`, url: `${farm.origin}/g/${i}`, content: '<p>Tomatoes.</p>', published: new Date(Date.now() - i * 86_400_000) })),
    })
    server = await startServer()
    browser = await launchBrowser()
    ;({ page } = await openPage(browser, { viewport: { width: 1280, height: 900 } }))
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `lists-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
  })

  it('shows my list’s analytics and adds a feed to it from its address', async () => {
    await signUpInBrowser(page, server.url, user)
    await page.goto(`${server.url}/settings/list`)
    await page.getByTestId('settings-lists').getByRole('button', { name: 'New list' }).click()
    await page.getByLabel('Title').fill('Green things')
    await page.getByRole('button', { name: 'Save' }).click()
    const row = page.locator('li', { hasText: 'Green things' })
    await row.waitFor({ timeout: 15_000 })
    await row.getByRole('button', { name: 'Edit list' }).click()

    const analytics = page.getByTestId('list-analytics')
    await analytics.getByText('Subscribers', { exact: true }).waitFor({ timeout: 15_000 })
    await page.getByTestId('list-import').locator('textarea').fill(farm.url('/garden.xml'))
    await page.getByTestId('list-import-submit').click()
    const result = page.getByTestId('list-import-result')
    await result.waitFor({ timeout: 30_000 })
    expect(await result.innerText()).toMatch(/^Added 1 · already in the list 0 · failed 0/)
    // The analytics follow: the new feed's three entries of the last days count.
    await page.getByTestId('list-analytics-entries').getByText('3', { exact: true }).waitFor({ timeout: 15_000 })
    await screenshot(page, 'lists-01-owner-tools')
    await result.scrollIntoViewIfNeeded()
    await screenshot(page, 'lists-02-imported')

    await page.getByRole('button', { name: 'Cancel' }).click()
    await row.getByText('1 feeds').waitFor({ timeout: 15_000 })
  })
})
