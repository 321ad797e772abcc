/**
 * The onboarding guide in Chromium (issue 19): a new account sees it in the empty entry column;
 * "Open Discover" goes there; Skip hides it for good (also after a reload); "Getting started" in
 * the account menu brings it back; Done hides it and — with usage data on — sends event 3001
 * (outcome completed) to the server, where the admin's count for today shows it.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, openPage, screenshot, signUpInBrowser } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

describeBrowser('onboarding guide', () => {
  let server: BrookServer
  let browser: Browser
  let page: Page
  const user = { name: 'Ada', email: `ada-onboarding+${Date.now()}@example.com`, password: 'correct horse battery' }
  const guide = () => page.getByTestId('onboarding-guide')

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
    ;({ page } = await openPage(browser, { viewport: { width: 1440, height: 900 } }))
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('shows the guide to a new account in the empty entry column; its steps lead to Discover', async () => {
    await signUpInBrowser(page, server.url, user)
    await guide().waitFor()
    expect(await guide().getByRole('heading', { level: 2 }).textContent()).toBe('Welcome to Brook, Ada')
    for (const step of ['follow', 'opml', 'views', 'app']) await page.getByTestId(`onboarding-step-${step}`).waitFor()
    await screenshot(page, 'onboarding-01-guide')
    await page.getByRole('button', { name: 'Import OPML' }).click()
    await page.waitForURL(/\/discover\?section=opml$/)
    await page.locator('#discover-opml').waitFor()
    await page.goBack()
    await guide().waitFor()
    expect(await page.getByTestId('onboarding-step-opml').getAttribute('data-done')).toBe('true')
    expect(await page.getByTestId('onboarding-step-follow').getAttribute('data-done')).toBeNull()
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
    expect(body.events.find((e) => e.name === '3001')?.params).toMatchObject({ outcome: 'completed', steps: 1, engagement_time_msec: 1000 })
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
