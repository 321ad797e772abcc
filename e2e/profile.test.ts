/**
 * Profiles in Chromium against a real server: Settings → Profile saves a handle, bio, website
 * and a social link; an avatar upload (a JPEG carrying EXIF) comes back as the server's 256 × 256
 * WebP and shows in the sidebar's user menu; a text file is refused with 'Invalid file type'.
 */
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { repoRoot, startServer, type BrookServer } from './support/server.ts'

describeBrowser('profile and avatar', () => {
  let server: BrookServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'light' })
    page = await context.newPage()
    await page.goto(`${server.url}/login?mode=signup`)
    await page.getByLabel('Name').fill('Ada')
    await page.getByLabel('E-mail').fill(`ada+${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await page.waitForURL(/\/timeline\//)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('saves the profile fields', async () => {
    await page.goto(`${server.url}/settings/profile`)
    await page.getByTestId('settings-profile').waitFor()
    await page.getByLabel('Handle').fill('Ada_L')
    await page.getByLabel('Bio').fill('Counting engines since 1843')
    await page.getByLabel('Website').fill('https://ada.example')
    await page.getByLabel('GitHub').fill('ada')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText('Profile saved').first().waitFor()
    // The save is an offline-first write: the toast comes once it is applied here, the server
    // gets it when the outbox runs.
    const session = () => page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string; handle: string | null; bio: string; socialLinks: string } })
    await expect.poll(async () => (await session()).user.handle, { timeout: 30_000 }).toBe('ada_l')
    const me = await session()
    expect(me.user).toMatchObject({ handle: 'ada_l', bio: 'Counting engines since 1843' })
    expect(JSON.parse(me.user.socialLinks)).toEqual({ github: 'ada' })
  })

  it('uploads an avatar that shows in the sidebar; refuses a file that is not an image', async () => {
    await page.getByTestId('avatar-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
    await page.getByText('Invalid file type').first().waitFor()

    await page.getByTestId('avatar-file').setInputFiles(path.join(repoRoot, 'e2e/fixtures/avatar.jpg'))
    await page.getByText('Avatar updated').first().waitFor()
    const sidebarAvatar = page.getByTestId('user-menu-trigger').locator('img')
    await sidebarAvatar.waitFor()
    const src = (await sidebarAvatar.getAttribute('src')) ?? ''
    expect(src).toMatch(/^\/api\/upload\/files\/avatars\/[0-9a-f]{64}\.webp$/)
    // The picture really loaded (decoded by the browser), at the server's size.
    const natural = await sidebarAvatar.evaluate(async (node) => {
      const img = node as unknown as { decode(): Promise<void>; naturalWidth: number; naturalHeight: number }
      await img.decode()
      return [img.naturalWidth, img.naturalHeight]
    })
    expect(natural).toEqual([256, 256])
    await screenshot(page, 'profile-01-avatar')
  })
})
