/** Sign-up, sign-out and sign-in against a real server, plus the not-found page. */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

const TIMELINE_URL = /\/timeline\/view-0\/all\/pending$/

/** Waits until the element with this test id shows exactly this text (React renders after the URL changes). */
async function waitForText(page: Page, testId: string, text: string) {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  await page.locator(`[data-testid="${testId}"]`, { hasText: new RegExp(`^${escaped}$`) }).waitFor()
}

describeBrowser('auth', () => {
  let server: BrookServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  const user = { name: 'Ada Lovelace', email: `ada+${Date.now()}@example.com`, password: 'correct horse battery' }

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'light' })
    page = await context.newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  async function expectAppShell() {
    await page.waitForURL(TIMELINE_URL)
    await page.getByTestId('sidebar').waitFor()
    await waitForText(page, 'user-name', user.name)
    await waitForText(page, 'user-email', user.email)
    await waitForText(page, 'timeline-title', 'All Articles')
    // Audios and Notifications hold no subscription, so only four view tabs show.
    expect(await page.locator('nav[aria-label="Views"] a').count()).toBe(4)
  }

  it('sends a signed-out visitor to the sign-in page', async () => {
    await page.goto(`${server.url}/`)
    await page.waitForURL(/\/login$/)
    await page.getByRole('heading', { name: 'Sign in to Brook' }).waitFor()
    await screenshot(page, 'auth-01-sign-in-page')
  })

  it('signs up and shows the app shell', async () => {
    await page.getByRole('button', { name: 'Create an account' }).click()
    await page.getByRole('heading', { name: 'Create your account' }).waitFor()
    await page.getByLabel('Name').fill(user.name)
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await screenshot(page, 'auth-02-sign-up-form')
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await expectAppShell()
    await screenshot(page, 'auth-03-app-shell-after-sign-up')
  })

  it('signs out from the user menu', async () => {
    await page.getByTestId('user-menu-trigger').click()
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor()
    await screenshot(page, 'auth-04-user-menu')
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL(/\/login$/)
    await page.getByRole('heading', { name: 'Sign in to Brook' }).waitFor()
    const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json())
    expect(session).toBeNull()
    await screenshot(page, 'auth-05-signed-out')
  })

  it('refuses a wrong password with a toast', async () => {
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText('Invalid e-mail or password').waitFor()
    expect(page.url()).toMatch(/\/login$/)
    await page.waitForTimeout(500) // let the toast finish sliding in
    await screenshot(page, 'auth-06-wrong-password')
  })

  it('signs in and shows the app shell again', async () => {
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expectAppShell()
    await screenshot(page, 'auth-07-app-shell-after-sign-in')
  })

  it('keeps the session across a reload and navigates between views and pages', async () => {
    await page.reload()
    await expectAppShell()
    await page.getByRole('link', { name: 'Pictures' }).click()
    await page.waitForURL(/\/timeline\/view-2\/all\/pending$/)
    await waitForText(page, 'timeline-title', 'All Pictures')
    await page.goto(`${server.url}/settings/appearance`)
    await page.getByTestId('settings-appearance').waitFor()
    await screenshot(page, 'auth-08-settings-appearance')
    await page.goto(`${server.url}/settings`)
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    await screenshot(page, 'auth-08b-settings-index')
    await page.getByRole('link', { name: 'Discover', exact: true }).click()
    await page.getByRole('link', { name: 'Programming' }).click()
    await page.waitForURL(/\/discover\/category\/programming$/)
    await page.getByRole('heading', { name: 'Category: Programming' }).waitFor()
    await screenshot(page, 'auth-08c-discover-category')
  })

  it('shows the not-found page for an unknown path', async () => {
    await page.goto(`${server.url}/this/path/does-not-exist`)
    await page.getByText('You have come to a desert of knowledge where there is nothing.').waitFor()
    await waitForText(page, 'not-found-path', '/this/path/does-not-exist')
    await screenshot(page, 'auth-09-not-found')
    await page.getByRole('button', { name: 'Back to Home' }).click()
    await page.waitForURL(TIMELINE_URL)
  })

  it('redirects any path ending in /index.html to the home page', async () => {
    await page.goto(`${server.url}/timeline/index.html`)
    await page.waitForURL(TIMELINE_URL)
  })

  it('renders the app shell in dark mode', async () => {
    const dark = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'dark', storageState: await context.storageState() })
    const darkPage = await dark.newPage()
    await darkPage.goto(`${server.url}/`)
    await darkPage.waitForURL(TIMELINE_URL)
    await darkPage.getByTestId('sidebar').waitFor()
    await screenshot(darkPage, 'auth-10-app-shell-dark')
    await dark.close()
  })

  it('speaks the language asked for with ?lng=', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
    const jaPage = await fresh.newPage()
    await jaPage.goto(`${server.url}/login?lng=ja`)
    await jaPage.getByRole('heading', { name: 'Brook にログイン' }).waitFor()
    expect(await jaPage.evaluate('document.documentElement.lang')).toBe('ja')
    await screenshot(jaPage, 'auth-11-sign-in-ja')
    await jaPage.goto(`${server.url}/login?lng=zh-TW`)
    await jaPage.getByRole('heading', { name: '登入 Brook' }).waitFor()
    await fresh.close()
  })
})
