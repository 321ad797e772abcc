/**
 * The account settings of issue 6 in Chromium against the real server: two-factor
 * authentication turned on from Profile (QR code, confirmation code, backup codes), then a sign-in
 * that asks for the code; and the General settings changing the language. Screenshots per step.
 */
import { createHmac } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) from a base32 secret, as an authenticator app computes it. */
function totp(secret: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)))
  const hmac = createHmac('sha1', key).update(counter).digest()
  const offset = hmac[hmac.length - 1] & 0xf
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return String(code).padStart(6, '0')
}

describeBrowser('account', () => {
  let server: BrookServer
  let browser: Browser
  let page: Page
  const user = { name: 'Katherine Johnson', email: `katherine+${Date.now()}@example.com`, password: 'correct horse battery' }

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'light' })
    page = await context.newPage()
    page.on('console', (message) => message.type() === 'error' && console.error('[console]', message.text()))
    await page.goto(`${server.url}/favicon.svg`)
    await page.evaluate(async (u) => {
      const res = await fetch('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(u) })
      if (!res.ok) throw new Error(`sign-up ${res.status}`)
    }, user)
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `account-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('turns on two-factor authentication with a QR code, a code and backup codes', async () => {
    await page.goto(`${server.url}/settings/profile?lng=en`)
    await page.getByTestId('settings-profile').waitFor()
    await page.getByTestId('two-factor').getByLabel('Current password').fill(user.password)
    await page.getByTestId('two-factor-toggle').click()
    await page.getByTestId('two-factor-qr').locator('svg').waitFor()
    const secret = (await page.getByTestId('two-factor-scan').locator('code').innerText()).trim()
    expect(secret).toMatch(/^[A-Z2-7]+=*$/)
    await page.getByTestId('two-factor-scan').scrollIntoViewIfNeeded()
    await screenshot(page, 'account-01-two-factor-qr')
    await page.getByLabel('Code').fill(totp(secret))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByTestId('two-factor-codes').waitFor()
    expect(await page.getByTestId('two-factor-codes').locator('li').count()).toBeGreaterThan(5)
    const backupCode = (await page.getByTestId('two-factor-codes').locator('li').first().innerText()).trim()
    await page.getByTestId('two-factor-codes').scrollIntoViewIfNeeded()
    await screenshot(page, 'account-02-backup-codes')
    await page.getByRole('button', { name: 'Done' }).click()
    await page.getByText('Two-factor authentication is on').first().waitFor()
    await page.waitForLoadState('networkidle')

    // Signing in again asks for a code: a backup code works too (the authenticator code of this
    // 30-second window was just used, and codes are not accepted twice).
    await page.getByTestId('user-menu-trigger').click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL(/\/login$/)
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('button', { name: 'Verify and sign in' }).waitFor()
    await screenshot(page, 'account-03-sign-in-code')
    await page.getByLabel('Code').fill(backupCode)
    await page.getByRole('button', { name: 'Verify and sign in' }).click()
    await page.waitForURL(/\/timeline\/view-0\/all\/pending/)
    await page.getByTestId('sidebar').waitFor()
  })

  it('changes the display language from General', async () => {
    await page.goto(`${server.url}/settings/general`)
    await page.getByTestId('settings-general').waitFor()
    await page.getByLabel('Display language').selectOption('zh-CN')
    await page.getByText('显示语言').waitFor()
    expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang)).toBe('zh-CN')
    await screenshot(page, 'account-04-general-zh-CN')
    await page.getByLabel('显示语言').selectOption('en')
    await page.getByText('Display language').waitFor()
  })
})
