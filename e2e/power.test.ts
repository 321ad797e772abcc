/**
 * Issue 11 in Chromium: the /power page (balance, daily claim, transactions, ranking) and "support
 * creator" from an entry's menu, against a real server and a loopback feed farm; axe on /power.
 * Screenshots: e2e/artifacts/power-*.png.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, screenshot, signUpInBrowser, openPage } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

declare const window: any
declare const document: any

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

describeBrowser('power', () => {
  let server: BrookServer
  let farm: FeedFarm
  let browser: Browser
  let page: Page
  const user = { name: 'Grace Hopper', email: `grace+${Date.now()}@example.com`, password: 'correct horse battery' }

  beforeAll(async () => {
    farm = await startFeedFarm()
    farm.setFeed('/creator.xml', {
      title: 'Creator Notes',
      siteUrl: farm.url('/'),
      description: 'Written by someone worth a tip',
      entries: [{ id: 'c-1', title: 'A note worth a tip', url: `${farm.origin}/c/1`, author: 'Ada', content: '<p>Thanks for reading.</p>', published: new Date() }],
    })
    server = await startServer({ POWER_DAILY_BASE: '10' })
    browser = await launchBrowser()
    ;({ page } = await openPage(browser, { viewport: { width: 1280, height: 860 } }))
    await signUpInBrowser(page, server.url, user)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
  })

  it('claims the daily POWER on /power', async () => {
    await page.goto(`${server.url}/power`)
    const claim = page.getByTestId('claim-daily')
    // The first user is admin: 10 POWER × 2 × activity 1.
    await expect.poll(() => claim.textContent(), { timeout: 20_000 }).toContain('Claim 20 POWER')
    await screenshot(page, 'power-01-before-claim')
    await claim.click()
    await expect.poll(() => page.getByTestId('power-balance').textContent(), { timeout: 10_000 }).toBe('20')
    await expect.poll(() => claim.textContent()).toContain('Claimed today')
    await page.getByTestId('power-transaction').filter({ hasText: 'Daily claim' }).waitFor()
    await expect.poll(() => page.getByTestId('my-rank').textContent()).toBe('You are #1')
  })

  it('has no serious or critical accessibility violations', async () => {
    await page.addScriptTag({ content: AXE_SOURCE })
    const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map((v: any) => `${v.impact} ${v.id}: ${v.nodes.map((n: any) => n.html).join(' | ')}`))
    if (violations.length) console.log(violations.join('\n'))
    expect(violations.filter((v: string) => v.startsWith('serious') || v.startsWith('critical'))).toEqual([])
  })

  it("tips an entry's feed from the entry menu (support creator)", async () => {
    await page.getByTestId('quick-add-button').click()
    await page.getByTestId('discover-input').fill(farm.url('/creator.xml'))
    await page.getByTestId('discover-submit').click()
    await page.getByTestId('follow-panel').waitFor()
    await page.getByTestId('subscription-form').getByRole('button', { name: 'Follow' }).click()
    await page.locator('[data-testid="subscription-row"]', { hasText: 'Creator Notes' }).waitFor({ timeout: 30_000 })
    await page.goto(`${server.url}/timeline/view-0/all/pending`)
    await page.locator('[data-testid="entry-item"]', { hasText: 'A note worth a tip' }).click()
    await page.getByTestId('entry-reader').waitFor()
    await page.getByTestId('toolbar-more').click()
    await page.getByRole('menuitem', { name: /Support creator/ }).click()
    const dialog = page.getByTestId('tip-dialog')
    await dialog.waitFor()
    await page.getByTestId('tip-amount').fill('2.5')
    await screenshot(page, 'power-02-tip-dialog')
    await page.getByTestId('tip-send').click()
    await page.getByText('Sent 2.5 POWER').waitFor()
    await page.goto(`${server.url}/power`)
    await expect.poll(() => page.getByTestId('power-balance').textContent(), { timeout: 10_000 }).toBe('17.5')
    const tipRow = page.getByTestId('power-transaction').filter({ hasText: 'Tip' })
    await tipRow.waitFor()
    expect(await tipRow.textContent()).toContain('To a feed')
    expect(await tipRow.textContent()).toContain('−2.5')
    await screenshot(page, 'power-03-after-tip')
  })
})
