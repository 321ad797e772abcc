/**
 * Running an instance (issue 19) in Chromium against a real server: the admin makes the
 * instance invitation-only and creates a code; a visitor's sign-up is refused (1003) and lands
 * on /invitation, enters the code and signs up on Pro Preview; the admin page changes the
 * visitor's plan, which the visitor's plan page then shows.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

const TIMELINE_URL = /\/timeline\/view-0\/all\/pending$/

describeBrowser('instance admin', () => {
  let server: BrookServer
  let browser: Browser
  let adminContext: BrowserContext
  let visitorContext: BrowserContext
  let admin: Page
  let visitor: Page
  let code = ''
  const password = 'correct horse battery'

  async function signUp(page: Page, name: string, email: string) {
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
  }

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
    adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'light' })
    visitorContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'light' })
    admin = await adminContext.newPage()
    visitor = await visitorContext.newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('the admin makes registration invitation-only and creates a code', async () => {
    await admin.goto(`${server.url}/login?mode=signup`)
    await signUp(admin, 'Owner', `owner+${Date.now()}@example.com`)
    await admin.waitForURL(TIMELINE_URL)
    await admin.goto(`${server.url}/settings/admin`)
    await admin.getByTestId('settings-admin').waitFor()
    await admin.getByLabel('Who may sign up').selectOption('invitation')
    await admin.getByText('Saved').first().waitFor()
    await admin.getByTestId('probe-postgresql').waitFor()
    await screenshot(admin, 'instance-01-admin-page')

    await admin.getByRole('link', { name: 'Invitations' }).click()
    await admin.getByTestId('settings-invitations').waitFor()
    await admin.getByRole('button', { name: 'Create a code' }).click()
    const row = admin.getByTestId('invitation-row').first()
    await row.waitFor()
    code = (await row.locator('code').textContent()) ?? ''
    expect(code).toMatch(/^[A-Z2-9]{10}$/)
    await screenshot(admin, 'instance-02-invitations')
  })

  it('a visitor without a code is sent to /invitation, enters it and signs up on Pro Preview', async () => {
    const email = `guest+${Date.now()}@example.com`
    await visitor.goto(`${server.url}/login?mode=signup`)
    await signUp(visitor, 'Guest', email)
    await visitor.waitForURL(/\/invitation$/)
    await visitor.getByTestId('invitation-page').waitFor()
    await screenshot(visitor, 'instance-03-invitation-page')
    await visitor.getByRole('textbox', { name: 'Invitation code' }).fill(code.toLowerCase())
    await visitor.getByRole('button', { name: 'Continue to sign up' }).click()
    await visitor.waitForURL(/\/login\?mode=signup$/)
    await signUp(visitor, 'Guest', email)
    await visitor.waitForURL(TIMELINE_URL)
    await visitor.goto(`${server.url}/settings/plan`)
    await visitor.getByTestId('plan-role').filter({ hasText: 'Pro Preview' }).waitFor()
    // Not an admin: no Admin section in the navigation.
    expect(await visitor.getByRole('link', { name: 'Admin' }).count()).toBe(0)
    await screenshot(visitor, 'instance-04-plan-pro-preview')

    await admin.goto(`${server.url}/settings/invitations`)
    await admin.getByTestId('invitation-row').filter({ hasText: 'Used by Guest' }).waitFor()
  })

  it('the admin page changes the visitor’s plan', async () => {
    await admin.goto(`${server.url}/settings/admin`)
    await admin.getByLabel('Search by name, e-mail or handle').fill('guest')
    await admin.getByTestId('admin-user-row').filter({ hasText: 'Guest' }).waitFor()
    expect(await admin.getByTestId('admin-user-row').count()).toBe(1)
    await admin.getByLabel('Plan of Guest').selectOption('pro')
    await admin.getByText('Saved').first().waitFor()
    await screenshot(admin, 'instance-05-admin-changed-role')

    await visitor.reload()
    await visitor.getByTestId('plan-role').filter({ hasText: /^Pro$/ }).waitFor()
    await screenshot(visitor, 'instance-06-plan-pro')
  })

  it('an achievement is completed, shown with a toast on the profile, and received for POWER', async () => {
    const created = await visitor.evaluate(async () => (await fetch('/api/lists', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Reading', view: 0, fee: 0 }) })).status)
    expect(created).toBe(200)
    await visitor.goto(`${server.url}/settings/profile`)
    await visitor.getByText('Achievement unlocked: Curator').waitFor()
    const row = visitor.getByTestId('achievement-row').filter({ hasText: 'Curator' })
    await row.and(visitor.locator('[data-state="completed"]')).waitFor()
    await row.scrollIntoViewIfNeeded()
    await screenshot(visitor, 'instance-07-achievement-completed')
    await visitor.getByRole('button', { name: 'Receive Curator' }).click()
    await visitor.getByText('Curator: 10 POWER received').waitFor()
    await row.and(visitor.locator('[data-state="received"]')).waitFor()
    const wallet = await visitor.evaluate(async () => ((await (await fetch('/api/wallets')).json()) as { data: Array<{ powerToken: string }> }).data[0].powerToken)
    expect(wallet).toBe(`10${'0'.repeat(18)}`)
    await screenshot(visitor, 'instance-08-achievement-received')
  })
})
