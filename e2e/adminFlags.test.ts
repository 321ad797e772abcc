/**
 * The admin page's feature-flag editor (issue 19) in Chromium: the instance's admin turns AI chat
 * off and rolls Achievements out to 0 % of accounts; /api/status/configs then carries both flags
 * off for the admin, and turning AI chat back on brings it back.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

const TIMELINE_URL = /\/timeline\/view-0\/all\/pending$/

describeBrowser('admin feature flags', () => {
  let server: BrookServer
  let browser: Browser
  let page: Page
  const flags = () => page.evaluate(async () => ((await (await fetch('/api/status/configs')).json()) as { data: { flags: Record<string, boolean> } }).data.flags)

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
    page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US', colorScheme: 'light' })).newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('turns a flag off, rolls one out to 0 %, and the app’s configuration follows', async () => {
    await page.goto(`${server.url}/login?mode=signup`)
    await page.getByLabel('Name').fill('Owner')
    await page.getByLabel('E-mail').fill(`owner+${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await page.waitForURL(TIMELINE_URL)
    expect(await flags()).toMatchObject({ ai_chat: true, achievements: true })

    await page.goto(`${server.url}/settings/admin`)
    const aiChat = page.locator('[data-testid="admin-flag-row"][data-flag="ai_chat"]')
    await aiChat.waitFor()
    expect(await page.getByTestId('admin-flag-row').count()).toBe(6)
    await page.getByRole('switch', { name: 'AI chat on' }).click()
    await page.getByText('Saved').first().waitFor()
    await expect.poll(async () => (await flags()).ai_chat).toBe(false)

    const rollout = page.getByLabel('Share of accounts with Achievements (%)')
    await rollout.fill('0')
    await rollout.press('Enter')
    await expect.poll(async () => (await flags()).achievements).toBe(false)
    await expect.poll(() => page.getByRole('switch', { name: 'AI chat on' }).getAttribute('aria-checked')).toBe('false')
    await page.locator('[data-testid="admin-flag-row"][data-flag="ai_chat"]').scrollIntoViewIfNeeded()
    await screenshot(page, 'admin-flags-01-editor')

    // Out-of-range input is not sent: the field goes back to the flag's value.
    await rollout.fill('250')
    await rollout.press('Enter')
    await expect.poll(() => rollout.inputValue()).toBe('0')

    await page.getByRole('switch', { name: 'AI chat on' }).click()
    await expect.poll(async () => (await flags()).ai_chat).toBe(true)
    expect((await flags()).achievements).toBe(false)
  })

  it('the clean-up section runs POST /api/admin/clean and shows what went', async () => {
    await page.goto(`${server.url}/settings/admin`)
    await page.getByRole('button', { name: 'Clean up now' }).scrollIntoViewIfNeeded()
    await page.getByLabel('Keep entries of the last (days)').fill('0')
    expect(await page.getByRole('button', { name: 'Clean up now' }).isDisabled()).toBe(true)
    await page.getByLabel('Keep entries of the last (days)').fill('7')
    await page.getByRole('button', { name: 'Clean up now' }).click()
    const result = page.getByTestId('admin-clean-result')
    await result.waitFor()
    expect(await result.textContent()).toMatch(/^Removed \d+ entries, \d+ feeds, \d+ sessions and \d+ retry records\.$/)
    await screenshot(page, 'admin-flags-02-clean')
  })
})
