/**
 * E-mailed sign-in codes in Chromium (issue 19): a two-factor account signs in with e-mail and
 * password, asks "E-mail me a code", the server mails it over real SMTP to a loopback sink
 * (`test/mailSink.ts`), a wrong code is refused and the mailed one signs in.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, openPage, screenshot, signUpInBrowser } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'
import { startMailSink, type MailSink } from '../apps/server/src/test/mailSink.ts'
import { totp } from '../apps/server/src/test/totp.ts'

describeBrowser('sign-in with an e-mailed code', () => {
  let sink: MailSink
  let server: BrookServer
  let browser: Browser
  const user = { name: 'Grace', email: `grace+${Date.now()}@example.com`, password: 'correct horse battery' }

  beforeAll(async () => {
    sink = await startMailSink()
    server = await startServer({ SMTP_URL: sink.url, MAIL_FROM: 'Brook <brook@example.com>' })
    browser = await launchBrowser()
    // The account, with two-factor turned on as an authenticator app would.
    const { context, page } = await openPage(browser)
    await signUpInBrowser(page, server.url, user)
    const secret = await page.evaluate(async (password: string) => {
      const enable = await fetch('/api/auth/two-factor/enable', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) })
      return new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get('secret')
    }, user.password)
    const verified = await page.evaluate(async (code: string) => (await fetch('/api/auth/two-factor/verify-totp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) })).status, totp(secret!))
    expect(verified).toBe(200)
    await context.close()
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await sink?.close()
  })

  it('mails a code on request; a wrong code is refused, the mailed one signs in', async () => {
    const { context, page } = await openPage(browser)
    await page.goto(`${server.url}/login`)
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('form', { name: 'Two-factor authentication' }).waitFor()

    const before = sink.messages.length
    await page.getByRole('button', { name: 'E-mail me a code' }).click()
    await expect.poll(() => page.getByTestId('two-factor-hint').textContent()).toBe('We sent a 6-digit code to your e-mail address. It is valid for 5 minutes.')
    const mail = await sink.waitFor(user.email, /Your Brook sign-in code: \d{6}/, { since: before })
    expect(mail.from).toBe('brook@example.com')
    const code = /(\d{6})/.exec(mail.subject)![1]
    expect(mail.raw).toContain(`Your Brook sign-in code is ${code}`)
    await page.getByRole('button', { name: 'Send another code' }).waitFor()
    await screenshot(page, 'sign-in-email-code-01-sent')

    // A wrong code: refused, still on the form.
    await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Verify and sign in' }).click()
    await page.locator('[data-sonner-toast][data-type="error"]').first().waitFor()
    expect(page.url()).toContain('/login')
    const session = () => page.evaluate(async () => ((await (await fetch('/api/auth/get-session')).json()) as { user?: { email: string } } | null)?.user?.email ?? null)
    expect(await session()).toBeNull()

    // The mailed code signs in.
    await page.getByLabel('Code').fill(code)
    await page.getByRole('button', { name: 'Verify and sign in' }).click()
    await page.waitForURL(/\/timeline\//)
    expect(await session()).toBe(user.email)
    await screenshot(page, 'sign-in-email-code-02-signed-in')
    await context.close()
  }, 120_000)
})
