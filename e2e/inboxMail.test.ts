/**
 * E-mail into an inbox, in Chromium (issue 12): create an inbox on Discover and copy its address
 * (the clipboard read back with granted permissions), mail it a newsletter with an attachment over
 * real SMTP (nodemailer), read it with its sender and attachment (downloaded), then the inbox's
 * edit dialog: the address with a copy button, and renaming the inbox.
 * Screenshots: e2e/artifacts/inbox-mail-*.png.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sendMail } from '../apps/server/src/test/sendMail.ts'
import { describeBrowser, launchBrowser, openPage, screenshot, signUpInBrowser } from './support/browser.ts'
import { freePort, startServer, type BrookServer } from './support/server.ts'

declare const navigator: { clipboard: { readText(): Promise<string>; writeText(text: string): Promise<void> } }

describeBrowser('inbox e-mail', () => {
  let server: BrookServer
  let browser: Browser
  let page: Page
  let smtpPort: number
  const user = { name: 'Mail Reader', email: `mail+${Date.now()}@example.com`, password: 'correct horse battery' }
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText())
  const clearClipboard = () => page.evaluate(() => navigator.clipboard.writeText(''))

  beforeAll(async () => {
    smtpPort = await freePort()
    server = await startServer({ INBOX_SMTP_PORT: String(smtpPort), INBOX_DOMAIN: 'in.brook.test' })
    browser = await launchBrowser()
    ;({ page } = await openPage(browser))
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await signUpInBrowser(page, server.url, user)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('creates an inbox on Discover and copies its address', async () => {
    await page.goto(`${server.url}/discover`)
    const form = page.getByTestId('new-inbox')
    await form.getByLabel('Address name').fill('Weekly')
    await expect.poll(() => form.textContent()).toContain('weekly@in.brook.test')
    await form.getByLabel('Inbox name').fill('Weekly letters')
    await form.getByRole('button', { name: 'Create inbox' }).click()
    await form.getByTestId('new-inbox-created').waitFor()
    expect(await form.getByTestId('inbox-address-value').textContent()).toBe('weekly@in.brook.test')
    await clearClipboard()
    await form.getByRole('button', { name: 'Copy e-mail address' }).click()
    await expect.poll(clipboard).toBe('weekly@in.brook.test')
    await page.getByText('E-mail address copied').waitFor()
    // The copy button shows a check for 2 s (SPEC §2), then the copy icon again.
    await form.locator('[data-copied="true"]').waitFor()
    await form.locator('[data-copied="false"]').waitFor({ timeout: 5_000 })
    await page.locator('[data-testid="subscription-row"]', { hasText: 'Weekly letters' }).waitFor()
    await form.scrollIntoViewIfNeeded()
    await screenshot(page, 'inbox-mail-01-created-on-discover')
  })

  it('a mailed newsletter arrives with its sender and its attachment', async () => {
    const sent = await sendMail(smtpPort, {
      from: '"The Weekly Desk" <desk@news.example>',
      to: 'weekly@in.brook.test',
      subject: 'Issue 42: rivers',
      html: '<h2>Rivers this week</h2><p>The Danube carries more water than usual.</p>',
      text: 'Rivers this week. The Danube carries more water than usual.',
      attachments: [{ filename: 'rivers.csv', content: 'river,km\nDanube,2850\n', contentType: 'text/csv' }],
    })
    expect(sent.accepted).toEqual(['weekly@in.brook.test'])
    await page.goto(`${server.url}/timeline/view-0/inbox-weekly/pending`)
    const row = page.locator('[data-testid="entry-item"]', { hasText: 'Issue 42: rivers' })
    await row.waitFor({ timeout: 20_000 })
    await row.click()
    const reader = page.getByTestId('entry-reader')
    await reader.getByText('The Danube carries more water than usual.').waitFor()
    const sender = reader.getByTestId('entry-sender')
    expect(await sender.textContent()).toContain('The Weekly Desk')
    expect(await sender.getByRole('link').getAttribute('href')).toBe('mailto:desk@news.example')
    const attachment = reader.getByTestId('entry-attachment')
    expect(await reader.getByTestId('entry-attachments').textContent()).toContain('1 attachment')
    expect(await attachment.textContent()).toContain('rivers.csv')
    await reader.getByTestId('entry-attachments').scrollIntoViewIfNeeded()
    await screenshot(page, 'inbox-mail-02-entry-with-sender-and-attachment')
    const [download] = await Promise.all([page.waitForEvent('download'), attachment.click()])
    expect(download.suggestedFilename()).toBe('rivers.csv')
    const chunks: Buffer[] = []
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString('utf8')).toBe('river,km\nDanube,2850\n')
  })

  it('the edit dialog shows the address to copy and renames the inbox', async () => {
    const row = page.locator('[data-testid="subscription-row"]', { hasText: 'Weekly letters' })
    await row.click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Edit…' }).click()
    const dialog = page.getByTestId('edit-subscription-dialog')
    await dialog.getByText('Edit inbox').waitFor()
    expect(await dialog.getByTestId('inbox-address-value').textContent()).toBe('weekly@in.brook.test')
    await clearClipboard()
    await dialog.getByRole('button', { name: 'Copy e-mail address' }).click()
    await expect.poll(clipboard).toBe('weekly@in.brook.test')
    await dialog.locator('[data-copied="true"]').waitFor()
    await screenshot(page, 'inbox-mail-03-edit-dialog-copied')
    const name = dialog.getByLabel('Inbox name')
    expect(await name.inputValue()).toBe('Weekly letters')
    await name.fill('River news')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.locator('[data-testid="subscription-row"]', { hasText: 'River news' }).waitFor()
    // The inbox itself is renamed (not only this reader's subscription title).
    await expect.poll(() => page.request.get(`${server.url}/api/inboxes?handle=weekly`).then(async (r) => (await r.json()).data.title), { timeout: 10_000 }).toBe('River news')
    // The sidebar menu copies the address too.
    await clearClipboard()
    await page.locator('[data-testid="subscription-row"]', { hasText: 'River news' }).click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Copy inbox e-mail address' }).click()
    await expect.poll(clipboard).toBe('weekly@in.brook.test')
  })
})
