/**
 * Settings → Privacy in Chromium (issue 19): "Download my data" saves the JSON document with my
 * profile and subscriptions; deleting the account asks for the password and the two-factor code
 * (a wrong code answers in the dialog, no toast — SPEC §8 4007), then signs out, wipes the local
 * data and the account can no longer sign in.
 */
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { totp } from '../apps/server/src/test/totp.ts'
import { describeBrowser, launchBrowser, openPage, screenshot, signUpInBrowser } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

describeBrowser('privacy: download my data, delete my account', () => {
  let farm: FeedFarm
  let server: BrookServer
  let browser: Browser
  let page: Page
  let secret: string
  const user = { name: 'Hedy', email: `hedy+${Date.now()}@example.com`, password: 'correct horse battery' }

  beforeAll(async () => {
    farm = await startFeedFarm()
    farm.setFeed('/signals.xml', {
      title: 'Signal Notes',
      siteUrl: farm.url('/'),
      description: 'Frequency hopping',
      entries: [{ id: 's-1', title: 'Hopping', url: `${farm.origin}/s/1`, content: '<p>Spread spectrum.</p>', published: new Date() }],
    })
    server = await startServer()
    browser = await launchBrowser()
    ;({ page } = await openPage(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true }))
    await signUpInBrowser(page, server.url, user)
    const followed = await page.evaluate(async (url: string) => (await fetch('/api/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, view: 0 }) })).status, farm.url('/signals.xml'))
    expect(followed).toBe(200)
    secret = (await page.evaluate(async (password: string) => {
      const enable = await fetch('/api/auth/two-factor/enable', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) })
      return new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get('secret')
    }, user.password))!
    const verified = await page.evaluate(async (code: string) => (await fetch('/api/auth/two-factor/verify-totp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) })).status, totp(secret))
    expect(verified).toBe(200)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
  })

  it('downloads my data as a JSON file', async () => {
    await page.goto(`${server.url}/settings/privacy`)
    await page.getByTestId('settings-privacy').waitFor()
    await page.getByRole('heading', { name: 'Privacy', level: 1 }).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-my-data').click()])
    expect(download.suggestedFilename()).toMatch(/^brook-data-\d{4}-\d{2}-\d{2}\.json$/)
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'))
    expect(data).toMatchObject({ format: 'brook-account-export', version: 1, profile: { email: user.email, name: 'Hedy', twoFactorEnabled: true } })
    expect(data.subscriptions.map((s: { url: string }) => s.url)).toEqual([farm.url('/signals.xml')])
    expect(data.opml).toContain(farm.url('/signals.xml'))
    await page.getByText('Your data was downloaded').first().waitFor()
    await screenshot(page, 'privacy-01-settings')
  })

  it('deletes the account with the password and the two-factor code', async () => {
    await page.getByTestId('delete-account-open').click()
    const dialog = page.getByTestId('delete-account-dialog')
    await dialog.waitFor()
    await page.getByTestId('delete-account-password').fill(user.password)
    const near = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)))
    let wrong = 0
    while (near.has(String(wrong).padStart(6, '0'))) wrong++
    await page.getByTestId('delete-account-code').fill(String(wrong).padStart(6, '0'))
    await page.getByTestId('delete-account-confirm').click()
    await expect.poll(() => page.getByTestId('delete-account-error').textContent()).toBe('That two-factor code is not right.')
    // SPEC §8: 4007 shows no toast.
    expect(await page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0)
    await screenshot(page, 'privacy-02-delete-wrong-code')

    await page.getByTestId('delete-account-code').fill(totp(secret))
    await page.getByTestId('delete-account-confirm').click()
    await page.waitForURL(/\/login\?deleted=1$/)
    await page.getByTestId('account-deleted').waitFor()
    expect(await page.getByTestId('account-deleted').textContent()).toBe('Your account and everything in it were deleted.')
    await screenshot(page, 'privacy-03-deleted')
    const session = await page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json()) as unknown)
    expect(session).toBeNull()
    const signIn = await page.evaluate(
      async (u: { email: string; password: string }) => (await fetch('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(u) })).status,
      { email: user.email, password: user.password },
    )
    expect(signIn).toBe(401)
  })
})
