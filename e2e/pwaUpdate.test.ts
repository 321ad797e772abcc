/**
 * A new version of the installed app (issue 16, docs/pwa.md): the server is deployed again with
 * another build while a page is open. The page's service worker finds the new worker, which
 * installs, takes over and the page offers "Update available — reload"; Reload brings the new
 * version's shell. The first install of the worker shows nothing.
 *
 * One build serves as both versions: the server reads a copy of apps/web/dist
 * (`WEB_DIST_DIR`), and the test "deploys" by changing that copy's `sw.js` version, which is
 * exactly what a new build changes for the worker (its precache list and version).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { ensureWebBuild, repoRoot, startServer, type BrookServer } from './support/server.ts'

/** Browser-only globals the page callbacks touch (this project compiles without DOM types). */
type PageGlobals = {
  navigator: { serviceWorker: { ready: Promise<{ update(): Promise<unknown> }>; controller: { scriptURL: string } | null } }
  caches: { keys(): Promise<string[]> }
}

describeBrowser('installable app: a new version offers a reload', () => {
  let server: BrookServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let webDir: string
  let firstVersion: string

  const shellCaches = () => page.evaluate(async () => (await (globalThis as unknown as PageGlobals).caches.keys()).filter((key) => key.startsWith('brook-shell-')))

  beforeAll(async () => {
    ensureWebBuild()
    webDir = await mkdtemp(path.join(os.tmpdir(), 'brook-web-'))
    await cp(path.join(repoRoot, 'apps/web/dist'), webDir, { recursive: true })
    const sw = await readFile(path.join(webDir, 'sw.js'), 'utf8')
    const version = /const VERSION = "([^"]+)"/.exec(sw)?.[1]
    if (!version) throw new Error('dist/sw.js carries no version')
    firstVersion = version
    server = await startServer({ WEB_DIST_DIR: webDir })
    browser = await launchBrowser()
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', colorScheme: 'light' })
    page = await context.newPage()
    page.on('pageerror', (error) => console.error('[page error]', error.stack ?? error.message))
  }, 180_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await server?.stop()
    if (webDir) await rm(webDir, { recursive: true, force: true })
  })

  it('says nothing on the first install, then offers "Update available — reload" when a new version takes over', async () => {
    await page.goto(`${server.url}/login?lng=en`)
    await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready.then(() => undefined))
    await expect.poll(shellCaches, { timeout: 30_000 }).toEqual([`brook-shell-${firstVersion}`])
    // The first install took control of the page without a word.
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true)
    expect(await page.getByText('Update available').count()).toBe(0)

    // A page the current version serves.
    await page.reload()
    await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready.then(() => undefined))
    expect(await page.getByText('Update available').count()).toBe(0)

    // Deploy a new version: its worker differs from the installed one.
    const nextVersion = `${firstVersion}next`
    const swPath = path.join(webDir, 'sw.js')
    await writeFile(swPath, (await readFile(swPath, 'utf8')).replace(`const VERSION = "${firstVersion}"`, `const VERSION = "${nextVersion}"`))
    // Browsers look for a new worker on navigations and periodically; ask now.
    await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready.then((registration) => registration.update()))

    const toast = page.getByText('Update available')
    await toast.waitFor({ timeout: 30_000 })
    await screenshot(page, 'pwa-update-available')
    // The new version's shell replaced the old one's.
    await expect.poll(shellCaches, { timeout: 30_000 }).toEqual([`brook-shell-${nextVersion}`])

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()])
    await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready.then(() => undefined))
    // After the reload the page is the new version's and has nothing more to offer.
    expect(await page.getByText('Update available').count()).toBe(0)
    expect(await shellCaches()).toEqual([`brook-shell-${nextVersion}`])
  }, 150_000)
})
