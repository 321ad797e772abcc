/**
 * Two confirmations of the reading screens (issue 6) in Chromium against the real server and a
 * loopback feed farm: "Mark all as read" counts down before it marks (cancel, auto-confirm at
 * zero, Enter at once; the countdown set in Settings → General), and a link in an entry that
 * leaves Brook asks first (Cancel, Open, "don't ask again" turning jumpOutLinkWarn off for good).
 * Each step saves a screenshot.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, screenshot, openPage } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

// Browser globals used inside page callbacks (e2e compiles without DOM types).
declare const document: any

describeBrowser('reading confirmations', () => {
  let server: BrookServer
  let farm: FeedFarm
  let browser: Browser
  let context: BrowserContext
  let page: Page

  /** The unread count the sidebar shows for a subscription (0 when it shows none). */
  async function unreadOf(title: string): Promise<number> {
    const count = page.locator('[data-testid="subscription-row"]', { hasText: title }).locator('[data-testid="unread-count"]')
    return (await count.count()) ? Number(await count.innerText()) : 0
  }

  async function waitUnread(title: string, n: number) {
    await page.waitForFunction(
      ({ title, n }) => {
        const row = [...document.querySelectorAll('[data-testid="subscription-row"]')].find((r: any) => r.textContent.includes(title))
        const count = row?.querySelector('[data-testid="unread-count"]')
        return row && (count ? Number(count.textContent) : 0) === n
      },
      { title, n },
      { timeout: 30_000 },
    )
  }

  beforeAll(async () => {
    farm = await startFeedFarm()
    const now = Date.now()
    const entries = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `${prefix}-${i}`,
        title: `${prefix === 'orchard' ? 'Orchard note' : 'Harbour note'} ${i + 1}`,
        url: `${farm.origin}/${prefix}/${i}`,
        content: `<p>Notes, part ${i + 1}. Read <a href="${farm.origin}/${prefix}/article-${i}">the article on the farm site</a> or <a href="/timeline/view-0/all/pending">go back to all articles</a>.</p>`,
        published: new Date(now - i * 3_600_000),
      }))
    farm.setFeed('/orchard.xml', { title: 'Orchard Diary', entries: entries('orchard', 5) })
    farm.setFeed('/harbour.xml', { title: 'Harbour Log', entries: entries('harbour', 4) })
    server = await startServer()
    browser = await launchBrowser()
    ;({ context, page } = await openPage(browser, { viewport: { width: 1280, height: 800 } }))

    await page.goto(`${server.url}/favicon.svg`)
    await page.evaluate(
      async ({ a, b }) => {
        const post = async (url: string, body: unknown) => {
          const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
          if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
        }
        await post('/api/auth/sign-up/email', { email: `confirm+${Date.now()}@example.com`, password: 'correct horse battery', name: 'Confirm Tester' })
        await post('/api/subscriptions', { url: a, view: 0 })
        await post('/api/subscriptions', { url: b, view: 0 })
      },
      { a: farm.url('/orchard.xml'), b: farm.url('/harbour.xml') },
    )
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `confirm-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
  })

  it('mark all as read counts down: Cancel keeps everything unread', async () => {
    await page.goto(`${server.url}/timeline/view-0/all/pending?lng=en`)
    await waitUnread('Orchard Diary', 5)
    await waitUnread('Harbour Log', 4)
    await page.locator('[data-testid="subscription-row"]', { hasText: 'Orchard Diary' }).click({ button: 'right' })
    await page.getByTestId('subscription-menu').getByText('Mark all as read').click()
    const card = page.getByTestId('mark-all-confirm')
    await card.waitFor()
    expect(await card.getByText('Mark all in Orchard Diary as read?').count()).toBe(1)
    expect(await page.getByTestId('mark-all-unread').innerText()).toBe('5 unread entries')
    expect(await page.getByTestId('mark-all-countdown').innerText()).toMatch(/^Marking as read in [23] s$/)
    await screenshot(page, 'confirm-01-mark-all-countdown')
    await page.getByTestId('mark-all-cancel').click()
    await card.waitFor({ state: 'detached' })
    await page.waitForTimeout(3500)
    expect(await unreadOf('Orchard Diary')).toBe(5)
  })

  it('the hotkey asks the same way, and at zero it marks by itself', async () => {
    await page.locator('[data-testid="subscription-row"]', { hasText: 'Orchard Diary' }).click()
    await page.getByTestId('timeline-title').filter({ hasText: 'Orchard Diary' }).waitFor()
    await page.locator('[data-testid="entry-item"]').first().waitFor()
    await page.locator('[data-focus-region="timeline"]').focus()
    await page.keyboard.press('Shift+A')
    await page.getByTestId('mark-all-confirm').waitFor()
    expect(await page.getByTestId('mark-all-confirm').getByText('Mark all in Orchard Diary as read?').count()).toBe(1)
    await page.getByTestId('mark-all-confirm').waitFor({ state: 'detached', timeout: 6000 })
    await waitUnread('Orchard Diary', 0)
    expect(await unreadOf('Harbour Log')).toBe(4)
    await screenshot(page, 'confirm-02-marked-at-zero')
  })

  it('the countdown is set in Settings → General; Enter marks at once', async () => {
    await page.goto(`${server.url}/settings/general?lng=en`)
    const select = page.getByTestId('mark-all-countdown-setting')
    await select.waitFor()
    expect(await select.inputValue()).toBe('3')
    await select.selectOption('10')
    await screenshot(page, 'confirm-03-countdown-setting')
    // Synced like every setting: the server has it after the queue's debounce.
    await page.waitForFunction(async () => ((await (await fetch('/api/settings')).json()) as any).data.settings.general.markAllReadCountdown === 10, undefined, { timeout: 15_000, polling: 500 })

    await page.goto(`${server.url}/timeline/view-0/all/pending?lng=en`)
    await waitUnread('Harbour Log', 4)
    await page.getByTestId('mark-view-read').click()
    await page.getByTestId('mark-all-confirm').waitFor()
    expect(await page.getByTestId('mark-all-confirm').getByText('Mark all in All Articles as read?').count()).toBe(1)
    expect(await page.getByTestId('mark-all-countdown').innerText()).toMatch(/in (10|9) s$/)
    await page.keyboard.press('Enter')
    await page.getByTestId('mark-all-confirm').waitFor({ state: 'detached' })
    await waitUnread('Harbour Log', 0)
  })

  it('a link in an entry that leaves Brook asks first; "don’t ask again" turns the warning off', async () => {
    await page.goto(`${server.url}/timeline/view-0/all/pending?lng=en`)
    // Everything was marked read above: show all entries again.
    await page.goto(`${server.url}/settings/general?lng=en`)
    await page.getByRole('switch', { name: 'Show unread only' }).click()
    await page.goto(`${server.url}/timeline/view-0/all/pending?lng=en`)
    await page.locator('[data-testid="entry-item"]', { hasText: 'Harbour note 1' }).click()
    const link = page.getByTestId('entry-content').getByText('the article on the farm site')
    await link.waitFor({ timeout: 30_000 })
    const target = `${farm.origin}/harbour/article-0`

    await link.click()
    const dialog = page.getByTestId('jump-out-dialog')
    await dialog.waitFor()
    expect(await page.getByTestId('jump-out-url').innerText()).toBe(target)
    await screenshot(page, 'confirm-04-jump-out-warning')
    await page.getByTestId('jump-out-cancel').click()
    await dialog.waitFor({ state: 'detached' })
    expect(context.pages()).toHaveLength(1)

    await link.click()
    await dialog.waitFor()
    const [opened] = await Promise.all([context.waitForEvent('page'), page.getByTestId('jump-out-open').click()])
    expect(opened.url()).toBe(target)
    await opened.close()

    await link.click()
    await page.getByTestId('jump-out-dont-ask').check()
    const [again] = await Promise.all([context.waitForEvent('page'), page.getByTestId('jump-out-open').click()])
    expect(again.url()).toBe(target)
    await again.close()
    // The setting is off now, synced like every setting: the next click opens at once.
    await page.waitForFunction(async () => ((await (await fetch('/api/settings')).json()) as any).data.settings.general.jumpOutLinkWarn === false, undefined, { timeout: 15_000, polling: 500 })
    const [direct] = await Promise.all([context.waitForEvent('page'), link.click()])
    expect(direct.url()).toBe(target)
    await direct.close()
    expect(await dialog.count()).toBe(0)
    await page.goto(`${server.url}/settings/general?lng=en`)
    const setting = page.locator('[role="switch"][aria-label="Warn before leaving for a link"][aria-checked="false"]')
    await setting.waitFor()
    await setting.scrollIntoViewIfNeeded()
    await page.waitForTimeout(200)
    await screenshot(page, 'confirm-05-jump-out-setting-off')
  })
})
