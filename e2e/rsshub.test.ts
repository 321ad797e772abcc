/**
 * RSSHub in Chromium against the real server (issue 17): add my own RSSHub (a fake one on
 * loopback, the LAN instance of a self-hoster, with an access key) on /rsshub, then follow one of
 * its routes from a Discover category page: fill the route's parameters, preview, follow; the
 * followed feed then shows among the category's known feeds (filed by its route's category).
 * The owner of an instance edits it from its row.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'

declare const fetch: any
import { startFakeRsshub, type FakeRsshub } from '../apps/server/src/test/fakeRsshub.ts'
import { describeBrowser, launchBrowser, screenshot, signUpInBrowser, openPage } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

describeBrowser('rsshub', () => {
  let server: BrookServer
  let hub: FakeRsshub
  let browser: Browser
  let page: Page
  const user = { name: 'Ada Hub', email: `hub+${Date.now()}@example.com`, password: 'correct horse battery' }

  beforeAll(async () => {
    hub = await startFakeRsshub({ accessKey: 'lan-key' })
    server = await startServer()
    browser = await launchBrowser()
    ;({ page } = await openPage(browser, { viewport: { width: 1280, height: 860 } }))
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `rsshub-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await hub?.close()
  })

  it('adds my LAN RSSHub with its access key; it is checked and used', async () => {
    await signUpInBrowser(page, server.url, user)
    await page.goto(`${server.url}/rsshub`)
    await page.getByTestId('rsshub-page').waitFor()
    await page.getByTestId('rsshub-add').locator('input[name="baseUrl"]').fill(hub.url)
    await page.getByTestId('rsshub-add').locator('input[name="accessKey"]').fill('lan-key')
    await page.getByTestId('rsshub-add-submit').click()
    const row = page.locator('[data-testid="rsshub-instance"]', { hasText: hub.url })
    await row.getByTestId('rsshub-unuse').waitFor({ timeout: 15_000 })
    expect(await row.innerText()).toMatch(/Healthy/)
    expect(hub.requests).toContain('/healthz?key=lan-key')
    await screenshot(page, 'rsshub-01-instance')
    // The first account is the instance's admin: it may make its instance everyone's default.
    await row.getByTestId('rsshub-make-default').click()
    await row.getByTestId('rsshub-unset-default').waitFor()
    expect(await row.innerText()).toMatch(/Default/)
    await screenshot(page, 'rsshub-01b-default')
  })

  it('follows a route from a category page: parameters, preview, follow', async () => {
    // A new user finds the category on Discover's grid.
    await page.goto(`${server.url}/discover`)
    await page.getByRole('link', { name: 'Programming', exact: true }).click()
    await page.getByTestId('category-page').waitFor()
    expect(new URL(page.url()).pathname).toBe('/discover/category/programming')
    await page.locator('[data-testid="rsshub-route"]', { hasText: 'Items by name' }).click()
    const form = page.getByTestId('rsshub-route-form')
    await form.locator('input[name="name"]').fill('brook')
    expect(await page.getByTestId('rsshub-route-url').innerText()).toBe('rsshub://test/items/brook')
    await screenshot(page, 'rsshub-02-route-form')
    await page.getByTestId('rsshub-route-preview').click()
    await page.getByTestId('follow-preview').getByText('brook item 1').waitFor({ timeout: 15_000 })
    await screenshot(page, 'rsshub-03-preview')
    await page.getByTestId('subscription-form').getByRole('button', { name: 'Follow' }).click()
    await page.locator('[data-testid="subscription-row"]', { hasText: 'Items of brook' }).waitFor({ timeout: 30_000 })
    expect(hub.requests).toContain('/test/items/brook?key=lan-key')
    await screenshot(page, 'rsshub-04-followed')
  })
  it('lists the followed route among the category’s known feeds, in every UI language', async () => {
    await page.goto(`${server.url}/discover/category/programming`)
    const card = page.locator('[data-testid="category-feed"]', { hasText: 'Items of brook' })
    await card.getByText('Following').waitFor({ timeout: 15_000 })
    await screenshot(page, 'rsshub-05-category-feeds')
    // Another category does not list it.
    await page.goto(`${server.url}/discover/category/anime`)
    await page.getByTestId('category-feeds').getByText('No one here follows a feed of this category yet.').waitFor()
    for (const [lng, heading] of [['zh-CN', '这里有人订阅的订阅源'], ['zh-TW', '這裡有人訂閱的訂閱源'], ['ja', 'ここで購読されているフィード']] as const) {
      await page.goto(`${server.url}/discover/category/programming?lng=${lng}`)
      await page.getByTestId('category-feeds').getByText(heading).waitFor({ timeout: 15_000 })
      await page.locator('[data-testid="category-feed"]', { hasText: 'Items of brook' }).waitFor()
      if (lng === 'ja') await screenshot(page, 'rsshub-06-category-feeds-ja')
    }
  })

  it('on Discover, a word finds the followed feed and the RSSHub routes', async () => {
    await page.goto(`${server.url}/discover?lng=en`)
    await page.getByTestId('discover-input').fill('brook')
    await page.getByTestId('discover-submit').click()
    // One match opens its follow panel at once (several would be listed).
    await page.getByText('rsshub://test/items/brook', { exact: true }).first().waitFor({ timeout: 15_000 })
    // The same box finds RSSHub routes by a word: they show in the routes section.
    await page.goto(`${server.url}/discover?lng=en`)
    await page.getByTestId('discover-input').fill('items')
    await page.getByTestId('discover-submit').click()
    await page.locator('[data-testid="rsshub-route"]', { hasText: 'Items by name' }).waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('rsshub-route-search').inputValue()).toBe('items')
    await page.goto(`${server.url}/discover?lng=en`)
    await page.getByTestId('rsshub-route-search').fill('items')
    await page.locator('[data-testid="rsshub-route"]', { hasText: 'Items by name' }).waitFor({ timeout: 15_000 })
    await screenshot(page, 'rsshub-06b-discover-words')
  })

  it('an admin files a followed feed under another Discover category from its edit dialog', async () => {
    await page.goto(`${server.url}/?lng=en`)
    const row = page.locator('[data-testid="subscription-row"]', { hasText: 'Items of brook' })
    await row.click({ button: 'right', timeout: 15_000 })
    await page.getByRole('menuitem', { name: 'Edit…' }).click()
    const field = page.getByTestId('edit-subscription-dialog').getByTestId('discovery-category')
    const select = field.getByLabel('Discover category')
    // Filed under its route's category when it was followed.
    await expect.poll(() => select.inputValue(), { timeout: 15_000 }).toBe('programming')
    await select.selectOption({ label: 'Design' })
    await page.getByText('Listed under Design on Discover').waitFor({ timeout: 15_000 })
    await screenshot(page, 'rsshub-06c-discovery-category')
    await page.keyboard.press('Escape')
    await page.goto(`${server.url}/discover/category/design?lng=en`)
    await page.locator('[data-testid="category-feed"]', { hasText: 'Items of brook' }).waitFor({ timeout: 15_000 })
    await page.goto(`${server.url}/discover/category/programming?lng=en`)
    await page.getByTestId('category-feeds').getByText('No one here follows a feed of this category yet.').waitFor({ timeout: 15_000 })
  })

  it('another user buys a month of a paid shared instance with POWER', async () => {
    // The admin shares a second instance at 2 POWER a month from the add form: a description shares it, then a price can be set.
    await page.goto(`${server.url}/rsshub?lng=en`)
    const add = page.getByTestId('rsshub-add')
    await add.locator('input[name="baseUrl"]').fill(`${hub.url}/base/paid`)
    await add.locator('input[name="accessKey"]').fill('lan-key')
    expect(await add.locator('input[name="price"]').isDisabled()).toBe(true)
    await add.locator('input[name="description"]').fill('Paid hub')
    await add.locator('input[name="price"]').fill('2')
    await screenshot(page, 'rsshub-07a-add-paid')
    await page.getByTestId('rsshub-add-submit').click()
    const mine = page.locator('[data-testid="rsshub-instance"]', { hasText: 'Paid hub' })
    await mine.getByTestId('rsshub-price').getByText('2 POWER a month').waitFor({ timeout: 15_000 })
    expect(await add.locator('input[name="description"]').inputValue()).toBe('')
    await screenshot(page, 'rsshub-07b-added-paid')
    const other = await openPage(browser, { viewport: { width: 1280, height: 860 } })
    try {
      await signUpInBrowser(other.page, server.url, { name: 'Bo Buyer', email: `buyer+${Date.now()}@example.com`, password: 'correct horse battery' })
      await other.page.goto(`${server.url}/power`)
      const claim = other.page.getByTestId('claim-daily')
      await expect.poll(() => claim.textContent(), { timeout: 20_000 }).toMatch(/Claim \d+ POWER/)
      await claim.click()
      await expect.poll(() => claim.textContent(), { timeout: 20_000 }).toContain('Claimed today')

      await other.page.goto(`${server.url}/rsshub`)
      const row = other.page.locator('[data-testid="rsshub-instance"]', { hasText: 'Paid hub' })
      await row.getByTestId('rsshub-price').getByText('2 POWER a month').waitFor({ timeout: 15_000 })
      await row.getByTestId('rsshub-buy').click()
      await row.getByTestId('rsshub-buy-form').locator('select[name="months"]').selectOption('3')
      expect(await row.getByTestId('rsshub-buy-submit').innerText()).toBe('Buy for 6 POWER')
      await screenshot(other.page, 'rsshub-07c-buy')
      await row.getByTestId('rsshub-buy-submit').click()
      await row.getByTestId('rsshub-paid-until').waitFor({ timeout: 15_000 })
      await row.getByTestId('rsshub-unuse').waitFor()
      await screenshot(other.page, 'rsshub-08-bought')
      // The owner was paid: the purchase is in the buyer's transactions.
      const kinds = await other.page.evaluate(async () => (await (await fetch('/api/wallets/transactions?type=rsshub')).json()).data.map((t: { type: string; amount: string }) => `${t.type}:${t.amount}`))
      expect(kinds).toEqual([`rsshub:${6n * 10n ** 18n}`])
    } finally {
      await other.context.close()
    }
  })

  it('the owner edits the paid instance: its description and seats change; it cannot stop being shared while its buyer uses it', async () => {
    await page.goto(`${server.url}/rsshub?lng=en`)
    const row = page.locator('[data-testid="rsshub-instance"]', { hasText: 'Paid hub' })
    await row.getByTestId('rsshub-edit').click()
    const form = row.getByTestId('rsshub-edit-form')
    expect(await form.locator('input[name="baseUrl"]').inputValue()).toBe(`${hub.url}/base/paid`)
    expect(await form.locator('input[name="accessKey"]').inputValue()).toBe('lan-key')
    expect(await form.locator('input[name="price"]').inputValue()).toBe('2')
    await form.locator('input[name="description"]').fill('Paid hub on the LAN')
    await form.locator('input[name="userLimit"]').fill('10')
    await screenshot(page, 'rsshub-09a-edit')
    await row.getByTestId('rsshub-edit-save').click()
    await page.getByText('Instance saved').waitFor({ timeout: 15_000 })
    const edited = page.locator('[data-testid="rsshub-instance"]', { hasText: 'Paid hub on the LAN' })
    await edited.waitFor()
    expect(await edited.getByTestId('rsshub-edit-form').count()).toBe(0)
    const saved = await page.evaluate(async () => (await (await fetch('/api/rsshub/list')).json()).data.find((i: { description: string | null }) => i.description === 'Paid hub on the LAN'))
    expect(saved).toMatchObject({ userLimit: 10, price: '2', userCount: 1 })
    // The buyer reads through it: clearing the description (un-sharing it) is refused, and nothing changes.
    await edited.getByTestId('rsshub-edit').click()
    await edited.getByTestId('rsshub-edit-form').locator('input[name="description"]').fill('')
    await edited.getByTestId('rsshub-edit-save').click()
    await page.getByText('Instance in use').waitFor({ timeout: 15_000 })
    // The toast has slid in.
    await page.waitForTimeout(600)
    await screenshot(page, 'rsshub-09b-edit-in-use')
    const after = await page.evaluate(async () => (await (await fetch('/api/rsshub/list')).json()).data.filter((i: { description: string | null }) => i.description === 'Paid hub on the LAN').length)
    expect(after).toBe(1)
  })

  it('a subscriber who neither owns the feed nor administers the server is not offered its Discover category', async () => {
    const other = await openPage(browser, { viewport: { width: 1280, height: 860 } })
    try {
      await signUpInBrowser(other.page, server.url, { name: 'Cy Reader', email: `reader+${Date.now()}@example.com`, password: 'correct horse battery' })
      const followed = await other.page.evaluate(async () => {
        const feed = (await (await fetch(`/api/feeds?url=${encodeURIComponent('rsshub://test/items/brook')}`)).json()).data.feed
        return (await fetch('/api/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ feedId: feed.id, view: 0 }) })).status
      })
      expect(followed).toBe(200)
      await other.page.goto(`${server.url}/?lng=en`)
      const row = other.page.locator('[data-testid="subscription-row"]', { hasText: 'Items of brook' })
      await row.click({ button: 'right', timeout: 15_000 })
      const feedAnswer = other.page.waitForResponse((r) => r.url().includes('/api/feeds?id='))
      await other.page.getByRole('menuitem', { name: 'Edit…' }).click()
      const dialog = other.page.getByTestId('edit-subscription-dialog')
      await dialog.getByTestId('subscription-form').waitFor()
      expect((await feedAnswer).status()).toBe(200)
      await other.page.waitForTimeout(300)
      expect(await dialog.getByTestId('discovery-category').count()).toBe(0)
    } finally {
      await other.context.close()
    }
  })
})
