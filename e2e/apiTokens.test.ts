/**
 * Settings → Data Control → API in Chromium against the real server: a token is created (shown
 * once), signs a Google Reader client in (ClientLogin), is listed with its last use and, once
 * revoked, signs nothing in any more. Screenshots of each step.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot, openPage } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

describeBrowser('API tokens in settings', () => {
  let server: BrookServer
  let browser: Browser
  let page: Page
  const email = `tokens+${Date.now()}@example.com`

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
    ;({ page } = await openPage(browser))
    await page.goto(`${server.url}/favicon.svg`)
    await page.evaluate(async (address) => {
      const res = await fetch('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address, password: 'correct horse battery', name: 'Token Tester' }) })
      if (!res.ok) throw new Error(`sign-up: ${res.status}`)
    }, email)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  const clientLogin = (token: string) => fetch(`${server.url}/api/greader/accounts/ClientLogin`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ Email: email, Passwd: token }) })

  it('creates a token shown once, which signs a Google Reader client in until it is revoked', async () => {
    await page.goto(`${server.url}/settings/data-control?lng=en`)
    const section = page.getByTestId('api-tokens')
    await section.waitFor()
    expect(await page.getByTestId('greader-url').innerText()).toBe(`${server.url}/api/greader`)
    expect(await page.getByTestId('fever-url').innerText()).toBe(`${server.url}/api/fever/`)
    await page.getByLabel('Token name').fill('Reeder on my phone')
    await page.getByRole('button', { name: 'Create token' }).click()
    const value = page.getByTestId('api-token-value')
    await value.waitFor()
    const token = (await value.innerText()).trim()
    expect(token).toMatch(/^brk_/)
    await page.getByTestId('api-token-row').filter({ hasText: 'Reeder on my phone' }).waitFor()
    await screenshot(page, 'api-tokens-01-created')

    const login = await clientLogin(token)
    expect(login.status).toBe(200)
    expect(await login.text()).toContain(`Auth=${token}`)

    // After a reload the token is listed with its last use, never shown again.
    await page.reload()
    await page.getByTestId('api-token-row').filter({ hasText: 'Last used' }).waitFor()
    expect(await page.getByTestId('api-token-value').count()).toBe(0)
    expect(await section.innerText()).not.toContain(token)
    await screenshot(page, 'api-tokens-02-listed')

    await page.getByRole('button', { name: 'Revoke Reeder on my phone' }).click()
    await page.getByText('No tokens yet.').waitFor()
    expect((await clientLogin(token)).status).toBe(401)
  })
})
