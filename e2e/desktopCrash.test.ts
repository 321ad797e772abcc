/**
 * A crashed window (issue 13, "a crashed browser process (restart the window once, then report)"):
 * under Xvfb + openbox, the real shell (`apps/desktop/src/main.ts`) with its own server. The app
 * page's renderer is crashed through the DevTools protocol (Page.crash — what a renderer killed for
 * memory or by a bug looks like to the shell): the shell loads the app again in the same window,
 * which works (the bridge is back, the sign-in page answers). A second crash is reported with the
 * reason, the window goes, the server stops (its port no longer answers) and the shell exits 4.
 * Screenshot: e2e/artifacts/desktop-crash-01-reloaded.png.
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeDesktop, launchDesktop, startDisplay, waitFor, windowsTitled, type DesktopRun, type Display } from './support/desktop.ts'
import { ensureWebBuild } from './support/server.ts'

describeDesktop('desktop app: a crashed window', () => {
  let display: Display
  let dataDir: string
  let app: DesktopRun | null = null
  let cdp: Browser | null = null

  beforeAll(async () => {
    ensureWebBuild()
    display = await startDisplay()
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'brook-desktop-crash-'))
  })

  afterAll(async () => {
    await cdp?.close().catch(() => {})
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGTERM')
      await app.exited
    }
    await display?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  /** A new DevTools connection to the window (a crashed page's connection is of no more use). */
  async function appPage(): Promise<Page> {
    await cdp?.close().catch(() => {})
    const [port] = readFileSync(path.join(dataDir, 'browser/DevToolsActivePort'), 'utf8').split('\n')
    cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port.trim()}`)
    return waitFor('the app page', () => cdp!.contexts().flatMap((c) => c.pages())[0])
  }

  async function crash(page: Page): Promise<void> {
    const session = await page.context().newCDPSession(page)
    // The renderer dies before it can answer.
    await session.send('Page.crash').catch(() => {})
  }

  it('loads the app again after its page crashed once; the second crash is reported, the server stopped, exit 4', async () => {
    app = launchDesktop(display, ['--data-dir', dataDir])
    await waitFor('a window titled Brook', () => windowsTitled(display, 'Brook').length === 1 || null, 120_000)
    await waitFor('the data folder', () => existsSync(path.join(dataDir, 'browser/DevToolsActivePort')) || null)
    let page = await appPage()
    await page.getByRole('button', { name: 'Create an account' }).waitFor({ timeout: 120_000 })
    const origin = new URL(page.url()).origin

    await crash(page)
    await waitFor('the shell reloading the crashed page', () => app!.output().includes('loading the app again') || null)
    expect(app.output()).toMatch(/the window's page crashed \((crashed|killed|abnormal-exit)/)
    page = await appPage()
    await page.getByRole('button', { name: 'Create an account' }).waitFor({ timeout: 120_000 })
    // The same window, with the shell's bridge in the new page.
    expect(windowsTitled(display, 'Brook')).toHaveLength(1)
    expect(await page.evaluate(() => typeof (globalThis as unknown as { brookDesktop?: unknown }).brookDesktop)).toBe('object')
    expect(await page.evaluate(() => (globalThis as unknown as { brookDesktop: { call(m: string): Promise<string> } }).brookDesktop.call('windowMode'))).toBe('normal')
    await display.screenshot('desktop-crash-01-reloaded')

    await crash(page)
    expect(await app.exited).toBe(4)
    expect(app.output()).toContain('the window crashed again')
    expect(windowsTitled(display, 'Brook')).toHaveLength(0)
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow()
    // The shell went through its whole stop: server closed, then its instance lock released.
    expect(existsSync(path.join(dataDir, 'desktop.lock'))).toBe(false)
  })
})
