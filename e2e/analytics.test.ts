/**
 * First-party analytics in Chromium against the real server (issues 17 and 19): off by default
 * (opt-in), opening the search dialog sends nothing; with "Send anonymous usage data" switched on,
 * it sends event 2007 to Brook's own endpoint and the admin sees it counted for today.
 */
import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot, signUpInBrowser, openPage } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

declare const fetch: any

describeBrowser('analytics', () => {
  let server: BrookServer
  let browser: Browser
  let page: Page
  const sent: Request[] = []
  const user = { name: 'Ana Lytics', email: `analytics+${Date.now()}@example.com`, password: 'correct horse battery' }
  const today = new Date().toISOString().slice(0, 10)

  /** Today's count of an event, as the admin reads it (GET /api/analytics). */
  const countOf = (event: string) =>
    page.evaluate(async ({ event, today }) => {
      const body = await (await fetch('/api/analytics?days=1', { credentials: 'include' })).json()
      return (body.data as { day: string; event: string; count: number }[]).find((r) => r.day === today && r.event === event)?.count ?? 0
    }, { event, today })

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
    ;({ page } = await openPage(browser, { viewport: { width: 1280, height: 860 } }))
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/analytics') sent.push(r)
    })
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `analytics-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('off (the default, opt-in): opening search sends nothing', async () => {
    await signUpInBrowser(page, server.url, user)
    // Hotkeys are ignored in form fields: start from the page, not the sign-up form's last field.
    // (the entry column's corner: a new account sees the onboarding guide there, not 'Pick an entry').
    await page.getByTestId('entry-empty').click({ position: { x: 4, y: 4 } })
    await page.keyboard.press('Control+k')
    await page.getByTestId('search-dialog').waitFor()
    await page.keyboard.press('Escape')
    // A batch would leave within 3 s; wait past that, then nothing must have gone out.
    await page.waitForTimeout(5000)
    expect(sent).toHaveLength(0)
    expect(await countOf('2007')).toBe(0)
  })

  it('on: once switched on in Settings → General, opening search sends event 2007, counted for today', async () => {
    await page.goto(`${server.url}/settings/general`)
    const toggle = page.getByRole('switch', { name: 'Send anonymous usage data' })
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/api/settings/general', { timeout: 20_000 })
    await toggle.click()
    await saved
    expect(await toggle.getAttribute('aria-checked')).toBe('true')
    await page.getByTestId('settings-general').locator('h1').first().click()
    // Other events of the session (SPEC §3) may be in the batches too: wait for the one carrying 2007.
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/analytics' && (r.request().postData() ?? '').includes('"2007"'), { timeout: 20_000 })
    await page.keyboard.press('Control+k')
    await page.getByTestId('search-dialog').waitFor()
    await page.keyboard.press('Escape')
    const response = await posted
    const body = response.request().postDataJSON()
    expect(body.events.filter((e: { name: string }) => e.name === '2007')).toEqual([{ name: '2007', params: { session_id: expect.stringMatching(/^.{21}$/), engagement_time_msec: 1000 } }])
    expect(body.client_id).toMatch(/^.{21}$/)
    expect((await response.json()).data).toEqual({ accepted: body.events.length, dropped: 0 })
    expect(await countOf('2007')).toBe(1)

    // The first account is the admin: Settings → Admin shows the count.
    await page.goto(`${server.url}/settings/admin`)
    const table = page.getByTestId('admin-analytics')
    await table.getByText('searchOpen').waitFor({ timeout: 15_000 })
    await table.scrollIntoViewIfNeeded()
    await screenshot(page, 'analytics-01-admin-counts')
  })
})
