/**
 * Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core. Without
 * it the suites are skipped (loudly), so `npm test` still passes on machines without a browser.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { describe } from 'vitest'
import { repoRoot } from './server.ts'

export const CHROMIUM_PATH = '/usr/bin/chromium'
export const ARTIFACTS_DIR = path.join(repoRoot, 'e2e/artifacts')

/** True when the browser the suites need is installed. */
export const hasChromium = existsSync(CHROMIUM_PATH)

const SKIP_MESSAGE = `e2e skipped: ${CHROMIUM_PATH} not found (install it with: apt-get install -y chromium)`

/** `describe` for browser suites: skipped, with the reason in the name and on stderr, when Chromium is absent. */
export function describeBrowser(name: string, body: () => void): void {
  if (hasChromium) {
    describe(name, body)
    return
  }
  console.warn(`[${name}] ${SKIP_MESSAGE}`)
  describe.skip(`${name} (${SKIP_MESSAGE})`, body)
}

/** Launches headless Chromium with the flags that keep it quiet and deterministic. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
  })
}

/** Saves a full-page screenshot to e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true })
  const file = path.join(ARTIFACTS_DIR, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}

/** A new light-scheme, en-US page of its own context, with the page's errors printed to the test's output. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light', ...options })
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error('[page error]', error.stack ?? error.message))
  return { context, page }
}

/** Creates an account through the sign-up form and waits for the app to land on the Articles timeline. */
export async function signUpInBrowser(page: Page, baseUrl: string, user: { name: string; email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login?mode=signup`)
  await page.getByLabel('Name').fill(user.name)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Create account', exact: true }).click()
  await page.waitForURL(/\/timeline\/view-0\/all\/pending$/)
}
