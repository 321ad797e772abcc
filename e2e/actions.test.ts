/**
 * Issue 12 in Chromium: a rule made on /action (title contains "Promo" → star, mark read), then a
 * matching entry delivered to an inbox arrives starred and read, while another one stays unread.
 * Screenshots: e2e/artifacts/actions-*.png.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot, signUpInBrowser, openPage } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'
import { startFakeService } from '../apps/server/src/test/fakeService.ts'

declare const navigator: any

describeBrowser('action rules', () => {
  let server: BrookServer
  let browser: Browser
  let page: Page
  const user = { name: 'Rule Maker', email: `rules+${Date.now()}@example.com`, password: 'correct horse battery' }

  beforeAll(async () => {
    server = await startServer({ INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' })
    browser = await launchBrowser()
    ;({ page } = await openPage(browser))
    await signUpInBrowser(page, server.url, user)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('a rule created on /action stars and silences a matching entry as it arrives', async () => {
    const api = (method: 'post' | 'get', path: string, data?: unknown, headers: Record<string, string> = {}) =>
      page.request[method](`${server.url}${path}`, { data, headers: { origin: server.url, ...headers } }).then((r) => r.json())
    const inbox = (await api('post', '/api/inboxes', { handle: 'e2e-rules', title: 'Rules box' })).data
    await page.goto(`${server.url}/action`)
    await page.getByTestId('add-rule').click()
    await page.getByTestId('rule-0-name').fill('Promos')
    await page.getByTestId('rule-0-value-0-0').fill('Promo')
    await page.getByTestId('rule-0-star').check()
    await page.getByTestId('rule-0-silence').check()
    await expect.poll(() => page.getByTestId('rule-0-preview').textContent(), { timeout: 10_000 }).toContain('would match 0 of your latest 0 entries')
    await screenshot(page, 'actions-01-editor')
    await page.getByTestId('save-rules').click()
    await page.getByText('Rules saved').waitFor()
    const stored = (await api('get', '/api/actions')).data.rules
    expect(stored).toEqual([{ name: 'Promos', disabled: false, condition: [[{ field: 'title', operator: 'contains', value: 'Promo' }]], result: { star: true, silence: true } }])

    const deliver = (guid: string, title: string) => api('post', '/api/inboxes/webhook', { guid, title, content: '<p>body</p>' }, { 'x-inbox-handle': 'e2e-rules', 'x-inbox-secret': inbox.secret })
    const promo = (await deliver('p1', 'Big Promo inside')).data.id
    const plain = (await deliver('n1', 'A letter from a friend')).data.id
    await page.goto(`${server.url}/timeline/view-0/inbox-e2e-rules/pending`)
    const plainRow = page.locator(`[data-testid="entry-item"][data-entry-id="${plain}"]`)
    await plainRow.waitFor({ timeout: 20_000 })
    // Unread only (the default) hides the silenced entry; showing all reveals it, read.
    const promoRow = page.locator(`[data-testid="entry-item"][data-entry-id="${promo}"]`)
    expect(await promoRow.count()).toBe(0)
    await page.getByTestId('unread-only').click()
    await promoRow.waitFor({ timeout: 20_000 })
    expect(await promoRow.getAttribute('data-read')).toBe('true')
    expect(await plainRow.getAttribute('data-read')).toBe('false')
    await screenshot(page, 'actions-02-inbox')
    await page.goto(`${server.url}/timeline/view-0/collections/pending`)
    await page.locator(`[data-testid="entry-item"][data-entry-id="${promo}"]`).waitFor({ timeout: 20_000 })
    expect(await page.locator(`[data-testid="entry-item"][data-entry-id="${plain}"]`).count()).toBe(0)
    // The rule editor shows the live preview against the entries now there.
    await page.goto(`${server.url}/action`)
    await expect.poll(() => page.getByTestId('rule-0-preview').textContent(), { timeout: 10_000 }).toContain('would match 1 of your latest 2 entries')
    await screenshot(page, 'actions-03-preview')
  })

  it('saves an entry to a custom HTTP integration from the "more" menu', async () => {
    const fake = await startFakeService(() => ({ status: 200, body: 'ok' }))
    try {
      await page.goto(`${server.url}/settings/integration`)
      await page.getByTestId('settings-integration').waitFor()
      await page.getByRole('button', { name: 'Add custom integration' }).click()
      const card = page.getByTestId('custom-integration-0')
      await card.getByLabel('Name').fill('My hook')
      await card.getByLabel('URL').fill(`${fake.url}/save?u={{url}}`)
      await card.getByRole('button', { name: '+ Header' }).click()
      await card.getByLabel('Header').fill('Authorization')
      await card.getByLabel('Value').fill('Bearer e2e-secret-123')
      await card.getByLabel('Body').fill('{"title":"{{title}}"}')
      await page.getByRole('button', { name: 'Save custom integrations' }).click()
      await page.getByText('Integration settings saved').waitFor()
      await screenshot(page, 'actions-04-integration-settings')
      await page.goto(`${server.url}/timeline/view-0/inbox-e2e-rules/pending`)
      await page.locator('[data-testid="entry-item"]', { hasText: 'A letter from a friend' }).click()
      await page.getByTestId('entry-reader').waitFor()
      await page.getByTestId('toolbar-more').click()
      await page.getByRole('menuitem', { name: 'My hook' }).click()
      await page.getByText('Saved to My hook').waitFor({ timeout: 10_000 })
      await screenshot(page, 'actions-05-saved-toast')
      const [req] = fake.requests
      expect(req).toMatchObject({ method: 'POST', path: '/save?u=' })
      expect(req.headers.authorization).toBe('Bearer e2e-secret-123')
      expect(JSON.parse(req.body)).toEqual({ title: 'A letter from a friend' })
    } finally {
      await fake.close()
    }
  })

  it('binds a hotkey to "Save to Readeck", shown in the "more" menu, and saves the open entry with it', async () => {
    const fake = await startFakeService(() => ({ status: 202, body: '{"status":202,"message":"Link submited"}', headers: { location: 'https://readeck.example/bookmarks/x1' } }))
    try {
      const post = (path: string, data: unknown, headers: Record<string, string> = {}) => page.request.post(`${server.url}${path}`, { data, headers: { origin: server.url, ...headers } }).then((r) => r.json())
      const inbox = (await post('/api/inboxes', { handle: 'e2e-keys', title: 'Keys box' })).data
      await post('/api/inboxes/webhook', { guid: 'k1', title: 'Saved by keyboard', url: 'https://example.org/k1', content: '<p>body</p>' }, { 'x-inbox-handle': 'e2e-keys', 'x-inbox-secret': inbox.secret })
      const patched = await page.request.patch(`${server.url}/api/integrations`, { data: { service: 'readeck', enabled: true, baseUrl: fake.url, token: 'readeck-e2e-token' }, headers: { origin: server.url } })
      expect(patched.status()).toBe(200)
      await page.goto(`${server.url}/settings/shortcuts?lng=en`)
      const row = page.locator('[data-testid="shortcut-row"][data-command="integration:save-to-readeck"]')
      await row.getByTestId('shortcut-edit').click()
      await page.getByTestId('shortcut-recorder').press('Shift+e')
      await row.getByTestId('shortcut-save').click()
      await row.locator('kbd', { hasText: 'E' }).waitFor()
      await screenshot(page, 'actions-07-integration-hotkey-bound')
      await page.goto(`${server.url}/timeline/view-0/inbox-e2e-keys/pending`)
      await page.locator('[data-testid="entry-item"]', { hasText: 'Saved by keyboard' }).click()
      await page.getByTestId('entry-reader').waitFor()
      await page.getByTestId('toolbar-more').click()
      await page.getByRole('menuitem', { name: 'Save to Readeck' }).locator('kbd').first().waitFor()
      await screenshot(page, 'actions-08-more-menu-hotkey')
      await page.keyboard.press('Escape')
      await page.locator('[data-focus-region="entry-render"]').focus()
      await page.keyboard.press('Shift+E')
      await page.getByText('Saved to Readeck').waitFor({ timeout: 10_000 })
      const req = fake.requests.find((r) => r.path === '/api/bookmarks')!
      expect(req.headers.authorization).toBe('Bearer readeck-e2e-token')
      expect(JSON.parse(req.body)).toMatchObject({ url: 'https://example.org/k1', title: 'Saved by keyboard' })
    } finally {
      await fake.close()
    }
  })

  it('custom integrations get hotkeys too: bound in Settings → Shortcuts, shown in the "more" menu, run by the key', async () => {
    const fake = await startFakeService(() => ({ status: 200, body: 'ok' }))
    try {
      const post = (path: string, data: unknown, headers: Record<string, string> = {}) => page.request.post(`${server.url}${path}`, { data, headers: { origin: server.url, ...headers } }).then((r) => r.json())
      const inbox = (await post('/api/inboxes', { handle: 'e2e-custom-keys', title: 'Custom keys box' })).data
      await post('/api/inboxes/webhook', { guid: 'ck1', title: 'Hooked by keyboard', url: 'https://example.org/ck1', content: '<p>body</p>' }, { 'x-inbox-handle': 'e2e-custom-keys', 'x-inbox-secret': inbox.secret })
      const items = [
        { id: 'hook-1', name: 'Team hook', enabled: true, type: 'http', method: 'POST', url: `${fake.url}/hook`, headers: [{ name: 'X-Token', value: 'team-token-42' }], body: '{"title":"{{title}}","url":"{{url}}"}' },
        { id: 'scheme-1', name: 'Scheme opener', enabled: true, type: 'url', method: 'GET', url: `${fake.url}/open?u={{url}}`, headers: [], body: '' },
      ]
      const patched = await page.request.patch(`${server.url}/api/integrations`, { data: { service: 'customIntegration', items }, headers: { origin: server.url } })
      expect(patched.status()).toBe(200)

      await page.goto(`${server.url}/settings/shortcuts?lng=en`)
      const hookRow = page.locator('[data-testid="shortcut-row"][data-command="integration:save-to-custom-hook-1"]')
      const schemeRow = page.locator('[data-testid="shortcut-row"][data-command="integration:save-to-custom-scheme-1"]')
      await hookRow.waitFor({ timeout: 10_000 })
      expect(await hookRow.textContent()).toContain('Save to Team hook')
      expect(await schemeRow.textContent()).toContain('Save to Scheme opener')
      await hookRow.getByTestId('shortcut-edit').click()
      await page.getByTestId('shortcut-recorder').press('Shift+h')
      await hookRow.getByTestId('shortcut-save').click()
      await hookRow.locator('kbd').getByText('H', { exact: true }).waitFor()
      await schemeRow.getByTestId('shortcut-edit').click()
      await page.getByTestId('shortcut-recorder').press('Shift+u')
      await schemeRow.getByTestId('shortcut-save').click()
      await schemeRow.locator('kbd').getByText('U', { exact: true }).waitFor()
      await hookRow.scrollIntoViewIfNeeded()
      await screenshot(page, 'actions-09-custom-hotkeys-bound')

      await page.goto(`${server.url}/timeline/view-0/inbox-e2e-custom-keys/pending`)
      await page.locator('[data-testid="entry-item"]', { hasText: 'Hooked by keyboard' }).click()
      await page.getByTestId('entry-reader').waitFor()
      await page.getByTestId('toolbar-more').click()
      await page.getByRole('menuitem', { name: 'Team hook' }).locator('kbd').first().waitFor()
      await screenshot(page, 'actions-10-more-menu-custom-hotkey')
      await page.keyboard.press('Escape')
      await page.locator('[data-focus-region="entry-render"]').focus()
      await page.keyboard.press('Shift+H')
      await page.getByText('Saved to Team hook').waitFor({ timeout: 10_000 })
      const req = fake.requests.find((r) => r.path === '/hook')!
      expect(req.method).toBe('POST')
      expect(req.headers['x-token']).toBe('team-token-42')
      expect(JSON.parse(req.body)).toEqual({ title: 'Hooked by keyboard', url: 'https://example.org/ck1' })

      // The URL-scheme integration opens its address (here an http one, so the test can see it arrive).
      await page.locator('[data-focus-region="entry-render"]').focus()
      const [opened] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Shift+U')])
      await expect.poll(() => fake.requests.some((r) => r.path === `/open?u=${encodeURIComponent('https://example.org/ck1')}`), { timeout: 10_000 }).toBe(true)
      await opened.close()

      // A custom integration removed: its command leaves Settings → Shortcuts.
      await page.request.patch(`${server.url}/api/integrations`, { data: { service: 'customIntegration', items: [items[0]] }, headers: { origin: server.url } })
      await page.goto(`${server.url}/settings/shortcuts?lng=en`)
      await hookRow.waitFor({ timeout: 10_000 })
      await expect.poll(() => schemeRow.count(), { timeout: 10_000 }).toBe(0)
    } finally {
      await fake.close()
    }
  })

  it("copies an inbox's e-mail address from its sidebar menu", async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await page.goto(`${server.url}/timeline/view-0/all/pending`)
    await page.locator('[data-testid="subscription-row"]', { hasText: 'Rules box' }).click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Copy inbox e-mail address' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('e2e-rules@localhost')
    await screenshot(page, 'actions-06-inbox-address-copied')
  })
  it('rules are reordered by dragging a card by its handle, and saved in that order', async () => {
    await page.goto(`${server.url}/action`)
    await expect.poll(() => page.getByTestId('rule-0-name').inputValue(), { timeout: 10_000 }).toBe('Promos')
    await page.getByTestId('add-rule').click()
    await page.getByTestId('rule-1-name').fill('Newsletters first')
    await page.getByTestId('rule-1-value-0-0').fill('Issue')
    await page.getByTestId('rule-1-handle').dragTo(page.getByTestId('rule-0'))
    await expect.poll(() => page.getByTestId('rule-0-name').inputValue()).toBe('Newsletters first')
    expect(await page.getByTestId('rule-1-name').inputValue()).toBe('Promos')
    // Each card keeps its own preview as it moves.
    await expect.poll(() => page.getByTestId('rule-1-preview').textContent(), { timeout: 10_000 }).toContain('would match 1 of your latest')
    await expect.poll(() => page.getByTestId('rule-0-preview').textContent(), { timeout: 10_000 }).toContain('would match 0 of your latest')
    await screenshot(page, 'actions-11-dragged')
    await page.getByTestId('save-rules').click()
    await page.getByText('Rules saved').waitFor()
    const stored = await page.request.get(`${server.url}/api/actions`).then(async (r) => (await r.json()).data.rules)
    expect(stored.map((r: { name: string }) => r.name)).toEqual(['Newsletters first', 'Promos'])
  })
})
