/**
 * Referrals (issue 19) in Chromium against a real server: Alice copies her link from Settings →
 * Referral; a visitor opens it (/register?ref=CODE: the code is kept in local storage and sent as
 * X-Referral-Code), signs up and starts on the 45-day Pro Preview trial; Alice's page then lists
 * the visitor and the days earned. A link with an unknown code says 'Invalid referral code' and
 * the visitor can sign up without it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

/** The page's clipboard, read back in page.evaluate. */
declare const navigator: { clipboard: { readText(): Promise<string> } }
declare const localStorage: Record<string, string>

const TIMELINE_URL = /\/timeline\/view-0\/all\/pending$/
const DAY = 24 * 60 * 60 * 1000

describeBrowser('referrals', () => {
  let server: BrookServer
  let browser: Browser
  let aliceContext: BrowserContext
  let visitorContext: BrowserContext
  let alice: Page
  let visitor: Page
  let link = ''
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
    aliceContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'light', permissions: ['clipboard-read', 'clipboard-write'] })
    visitorContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'light' })
    alice = await aliceContext.newPage()
    visitor = await visitorContext.newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('Settings → Referral is in the navigation and shows the link to share', async () => {
    // The instance's first account (its admin, whose plan cannot go up) is someone else's, made
    // over HTTP: Alice is the second account.
    const owner = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: 'Owner', email: `owner+${Date.now()}@example.com`, password }),
    })
    expect(owner.status).toBe(200)
    await alice.goto(`${server.url}/login?mode=signup`)
    await signUp(alice, 'Alice', `alice+${Date.now()}@example.com`)
    await alice.waitForURL(TIMELINE_URL)
    await alice.goto(`${server.url}/settings/general`)
    await alice.getByRole('link', { name: 'Referral' }).click()
    await alice.getByTestId('settings-referral').waitFor()
    link = (await alice.getByTestId('referral-link').textContent()) ?? ''
    const code = (await alice.getByTestId('referral-code').textContent()) ?? ''
    expect(code).toMatch(/^[A-Z2-9]{8}$/)
    expect(link).toBe(`${server.url}/register?ref=${code}`)
    await alice.getByRole('button', { name: 'Copy link' }).click()
    expect(await alice.evaluate(() => navigator.clipboard.readText())).toBe(link)
    await alice.getByText('Nobody has signed up with your link yet.').waitFor()
    await screenshot(alice, 'referral-01-settings-empty')
  })

  it('an unknown code says "Invalid referral code"; the visitor may sign up without it', async () => {
    await visitor.goto(`${server.url}/register?ref=NOSUCHCODE`)
    await visitor.getByTestId('referral-banner').filter({ hasText: 'NOSUCHCODE' }).waitFor()
    expect(await visitor.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith('referral-code'))?.[1])).toBe('NOSUCHCODE')
    await signUp(visitor, 'Stranger', `stranger+${Date.now()}@example.com`)
    await visitor.getByText('Invalid referral code').waitFor()
    await screenshot(visitor, 'referral-02-invalid-code')
    // The stored code is dropped with the refusal: the banner goes, the next try has no header.
    await visitor.getByTestId('referral-banner').waitFor({ state: 'detached' })
    expect(await visitor.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('referral-code')))).toBe(false)
  })

  it('a visitor opening the link signs up on the 45-day Pro Preview trial; Alice earns 7 days', async () => {
    await visitor.goto(link)
    await visitor.getByTestId('referral-banner').filter({ hasText: '45-day Pro Preview trial' }).waitFor()
    await screenshot(visitor, 'referral-03-register-with-code')
    const before = Date.now()
    await signUp(visitor, 'Guest', `guest+${Date.now()}@example.com`)
    await visitor.waitForURL(TIMELINE_URL)
    await visitor.goto(`${server.url}/settings/plan`)
    await visitor.getByTestId('plan-role').filter({ hasText: 'Pro Preview Trial' }).waitFor()
    const plan = await visitor.evaluate(async () => ((await (await fetch('/api/plans/me')).json()) as { data: { roleEndAt: string } }).data)
    expect(Math.abs(new Date(plan.roleEndAt).getTime() - (before + 45 * DAY))).toBeLessThan(5 * 60_000)
    await screenshot(visitor, 'referral-04-plan-trial')

    await alice.reload()
    await alice.getByTestId('referral-row').filter({ hasText: 'Guest' }).waitFor()
    await alice.getByTestId('referral-days').filter({ hasText: '7 days' }).waitFor()
    await screenshot(alice, 'referral-05-settings-referred')
    await alice.goto(`${server.url}/settings/plan`)
    await alice.getByTestId('plan-role').filter({ hasText: /^Pro Preview$/ }).waitFor()
  })
})
