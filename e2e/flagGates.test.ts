/**
 * Features behind the admin's flags disappearing in Chromium (issue 19): Bob has the POWER page
 * link and opens the AI chat with its shortcut; the admin turns POWER and AI chat off for Bob
 * alone from the flag's details (stats and accounts set by hand shown); after a reload Bob has no
 * POWER link, /power sends him home and the chat shortcut opens nothing. Turning registration off
 * takes the sign-up form away from visitors.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

const TIMELINE_URL = /\/timeline\/view-0\/all\/pending$/

describeBrowser('features behind flags', () => {
  let server: BrookServer
  let browser: Browser
  let admin: Page
  const contexts: BrowserContext[] = []

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light' })
    contexts.push(context)
    return context.newPage()
  }

  async function signUp(page: Page, name: string) {
    await page.goto(`${server.url}/login?mode=signup`)
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('E-mail').fill(`${name.toLowerCase()}+${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await page.waitForURL(TIMELINE_URL)
  }

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
  })

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
    await server?.stop()
  })

  it('POWER and AI chat turned off for one account disappear from its app', { timeout: 300_000 }, async () => {
    admin = await newPage()
    await signUp(admin, 'Owner')
    const bob = await newPage()
    await signUp(bob, 'Bob')

    // Before: the POWER link is there and Ctrl+/ opens the chat.
    const powerLink = bob.getByRole('link', { name: 'POWER' })
    await powerLink.waitFor()
    await bob.keyboard.press('Control+/')
    await bob.getByTestId('ai-chat-panel').waitFor()
    await bob.keyboard.press('Control+/')
    await bob.getByTestId('ai-chat-panel').waitFor({ state: 'detached' })

    // The admin sets both off for Bob by hand, from each flag's details.
    await admin.goto(`${server.url}/settings/admin`)
    for (const [flag, label] of [['power', 'POWER'], ['ai_chat', 'AI chat']] as const) {
      await admin.getByRole('button', { name: `Details of ${label}` }).click()
      const details = admin.locator(`[data-testid="admin-flag-details"][data-flag="${flag}"]`)
      await details.getByText('No account is set by hand.').waitFor()
      await details.getByRole('searchbox').fill('bob')
      await details.getByRole('button', { name: 'Turn off for Bob' }).click()
      await details.getByTestId('admin-flag-affected').getByText('Bob').waitFor()
      await expect.poll(() => details.getByTestId('admin-flag-stats').textContent(), { timeout: 20_000 }).toBe('On for 1 of 2 accounts · 0 turned on and 1 turned off by hand')
    }
    await admin.locator('[data-testid="admin-flag-details"][data-flag="power"]').scrollIntoViewIfNeeded()
    await screenshot(admin, 'flag-gates-01-admin-details')

    // After a reload Bob's app has neither.
    await bob.reload()
    await bob.getByRole('link', { name: 'Discover' }).waitFor()
    await expect.poll(() => bob.getByRole('link', { name: 'POWER' }).count(), { timeout: 20_000 }).toBe(0)
    await bob.keyboard.press('Control+/')
    await bob.goto(`${server.url}/power`)
    await bob.waitForURL(TIMELINE_URL)
    expect(await bob.getByTestId('ai-chat-panel').count()).toBe(0)
    await screenshot(bob, 'flag-gates-02-bob-without-power')
    // The owner still has both.
    await admin.goto(`${server.url}/`)
    await admin.getByRole('link', { name: 'POWER' }).waitFor()

    // Back to the rollout: Bob has them again.
    await admin.goto(`${server.url}/settings/admin`)
    await admin.getByRole('button', { name: 'Details of POWER' }).click()
    await admin.locator('[data-testid="admin-flag-details"][data-flag="power"]').getByRole('button', { name: 'Back to the rollout' }).click()
    await admin.locator('[data-testid="admin-flag-details"][data-flag="power"]').getByText('No account is set by hand.').waitFor()
    await bob.reload()
    await bob.getByRole('link', { name: 'POWER' }).waitFor()
  })

  it('registration turned off takes the sign-up form away from visitors', { timeout: 180_000 }, async () => {
    const visitor = await newPage()
    await visitor.goto(`${server.url}/login?mode=signup`)
    await visitor.getByRole('button', { name: 'Create account', exact: true }).waitFor()

    await admin.goto(`${server.url}/settings/admin`)
    await admin.getByRole('switch', { name: 'Registration on' }).click()
    await expect.poll(() => admin.getByRole('switch', { name: 'Registration on' }).getAttribute('aria-checked'), { timeout: 20_000 }).toBe('false')

    await visitor.reload()
    await visitor.getByTestId('registration-off').waitFor()
    expect(await visitor.getByTestId('registration-off').textContent()).toBe('New accounts are not being made on this instance.')
    expect(await visitor.getByRole('button', { name: 'Create account', exact: true }).count()).toBe(0)
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
    await screenshot(visitor, 'flag-gates-03-registration-off')

    await admin.getByRole('switch', { name: 'Registration on' }).click()
    await expect.poll(() => admin.getByRole('switch', { name: 'Registration on' }).getAttribute('aria-checked'), { timeout: 20_000 }).toBe('true')
    await visitor.reload()
    await visitor.getByRole('button', { name: 'Create account', exact: true }).waitFor()
  })
})
