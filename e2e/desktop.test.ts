/**
 * The desktop app under a real X server (Xvfb + openbox): `apps/desktop/src/main.ts` starts Brook's
 * server in-process and opens Chromium in app mode; the window is found by its title, used (sign
 * up), closed (server stopped, database intact), relaunched (same data), and a second launch
 * focuses the first instead of starting another.
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeDesktop, launchDesktop, startDisplay, waitFor, windowsTitled, type DesktopRun, type Display } from './support/desktop.ts'
import { ensureWebBuild, startServer } from './support/server.ts'

// Page functions run in the browser (page.evaluate); the e2e project has no DOM types.
declare const document: any
declare const window: any
declare const Notification: any
declare const PopStateEvent: any

const user = { name: 'Grace Hopper', email: `grace+${Date.now()}@example.com`, password: 'correct horse battery' }

describeDesktop('desktop app', () => {
  let display: Display
  let dataDir: string
  let app: DesktopRun | null = null
  let cdp: Browser | null = null
  /** The user's default browser for http(s) links, as XDG sets it up: a recorder of what it is asked to open. */
  let xdgEnv: Record<string, string>
  let openedFile: string

  beforeAll(async () => {
    ensureWebBuild()
    display = await startDisplay()
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'brook-desktop-'))
    const xdg = path.join(dataDir, 'xdg')
    openedFile = path.join(xdg, 'opened.txt')
    await mkdir(path.join(xdg, 'config'), { recursive: true })
    await mkdir(path.join(xdg, 'data/applications'), { recursive: true })
    await writeFile(path.join(xdg, 'record.sh'), `#!/bin/sh\necho "$1" >> '${openedFile}'\n`, { mode: 0o755 })
    await writeFile(path.join(xdg, 'config/mimeapps.list'), '[Default Applications]\nx-scheme-handler/https=brook-test-browser.desktop\nx-scheme-handler/http=brook-test-browser.desktop\n')
    await writeFile(
      path.join(xdg, 'data/applications/brook-test-browser.desktop'),
      `[Desktop Entry]\nType=Application\nName=Test browser\nExec=${path.join(xdg, 'record.sh')} %u\nMimeType=x-scheme-handler/https;x-scheme-handler/http;\n`,
    )
    xdgEnv = { XDG_CONFIG_HOME: path.join(xdg, 'config'), XDG_DATA_HOME: path.join(xdg, 'data') }
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

  /** The app's page, driven over the DevTools port the shell opened (the same window the user sees). */
  async function appPage(): Promise<Page> {
    const [port] = readFileSync(path.join(dataDir, 'browser/DevToolsActivePort'), 'utf8').split('\n')
    cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port.trim()}`)
    const page = await waitFor('the app page', () => cdp!.contexts().flatMap((c) => c.pages())[0])
    return page
  }

  /** The windows titled "Brook" when there are exactly `count` of them, else null. */
  function brookWindows(count: number): string[] | null {
    const ids = windowsTitled(display, 'Brook')
    return ids.length === count ? ids : null
  }

  function serverPort(): number {
    return JSON.parse(readFileSync(path.join(dataDir, 'desktop.json'), 'utf8')).port
  }

  async function portAnswers(port: number): Promise<boolean> {
    return fetch(`http://127.0.0.1:${port}/api/status/configs`, { signal: AbortSignal.timeout(2000) }).then(
      () => true,
      () => false,
    )
  }

  it('opens one window titled "Brook" showing the web app from its own server', async () => {
    app = launchDesktop(display, ['--data-dir', dataDir], xdgEnv)
    const [id] = await waitFor('a window titled Brook', () => brookWindows(1))
    expect(id).toMatch(/^0x/)
    expect(display.run('/usr/bin/xprop', ['-id', id, 'WM_CLASS'])).toContain('Brook')
    const page = await appPage()
    await page.getByRole('heading', { name: 'Sign in to Brook' }).waitFor()
    expect(page.url()).toBe(`http://127.0.0.1:${serverPort()}/login`)
    await display.screenshot('desktop-01-sign-in-window')
  })

  it('signs up in the window', async () => {
    const page = await appPage()
    await page.getByRole('button', { name: 'Create an account' }).click()
    await page.getByLabel('Name').fill(user.name)
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await page.waitForURL(/\/timeline\//)
    await page.getByTestId('sidebar').waitFor()
    await display.screenshot('desktop-02-app-shell')
  })

  it('the web app runs on the desktop platform: X-App-Platform desktop, notifications allowed', async () => {
    const page = await appPage()
    expect(await page.evaluate(() => typeof window.brookDesktop)).toBe('object')
    const request = page.waitForRequest((r) => r.url().includes('/api/') && !!r.headers()['x-app-platform'])
    await page.reload()
    expect((await request).headers()['x-app-platform']).toBe('desktop')
    await page.getByTestId('sidebar').waitFor()
    expect(await page.evaluate(() => Notification.permission)).toBe('granted')
  })

  /** Presses keys on the real X display (xdotool), with the window focused: what the user's keyboard does. */
  function press(keys: string): void {
    const [id] = windowsTitled(display, 'Brook')
    display.run('/usr/bin/xdotool', ['windowactivate', '--sync', id])
    display.run('/usr/bin/xdotool', ['key', '--clearmodifiers', keys])
  }

  it('the shell owns Ctrl+, T and N: settings, Discover, quick add — and no new browser tab or window', async () => {
    const page = await appPage()
    press('ctrl+comma')
    await page.waitForURL(/\/settings/)
    press('ctrl+t')
    await page.waitForURL(/\/discover/)
    await display.screenshot('desktop-05-discover-by-shortcut')
    press('ctrl+n')
    await page.getByTestId('quick-add').waitFor()
    await display.screenshot('desktop-06-quick-add-by-shortcut')
    await page.keyboard.press('Escape')
    expect(windowsTitled(display, 'Brook')).toHaveLength(1)
    expect(cdp!.contexts().flatMap((c) => c.pages())).toHaveLength(1)
  })

  it('window controls in the app: maximize from the account menu, then restore, the app told of the mode', async () => {
    const page = await appPage()
    const [id] = windowsTitled(display, 'Brook')
    const state = () => display.run('/usr/bin/xprop', ['-id', id, '_NET_WM_STATE'])
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Maximize window' }).click()
    await waitFor('the window maximized', () => state().includes('_NET_WM_STATE_MAXIMIZED_VERT'))
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Restore window' }).waitFor()
    await display.screenshot('desktop-04b-window-menu-maximized')
    await page.getByRole('menuitem', { name: 'Restore window' }).click()
    await waitFor('the window back to normal', () => !state().includes('_NET_WM_STATE_MAXIMIZED_VERT'))
    await expect(page.evaluate(() => window.brookDesktop.call('windowMode'))).resolves.toBe('normal')
    await expect(page.evaluate(() => window.brookDesktop.call('setWindowMode', 'fullscreen'))).rejects.toThrow('unknown window mode fullscreen')
  })

  it('with openLinksInExternalApp on, a link to another site opens in the default browser (xdg-open), not in the window', async () => {
    const page = await appPage()
    await page.evaluate(async () => {
      const { actions } = window.__brook
      await actions.updateSettings('general', { openLinksInExternalApp: true })
    })
    await page.evaluate(() => {
      const a = document.createElement('a')
      a.href = 'https://example.org/article?from=brook'
      a.target = '_blank'
      a.textContent = 'outside'
      a.id = 'external-link'
      document.body.append(a)
    })
    await page.click('#external-link')
    await waitFor('the default browser called', () => existsSync(openedFile) && readFileSync(openedFile, 'utf8').includes('https://example.org/article?from=brook'))
    expect(cdp!.contexts().flatMap((c) => c.pages())).toHaveLength(1)
    await expect(page.evaluate(() => window.brookDesktop.call('openExternal', 'file:///etc/passwd'))).rejects.toThrow('not an address to open outside the app')
  })

  it('Settings → General → Open at login writes and removes the XDG autostart entry through the shell', async () => {
    const page = await appPage()
    const entry = path.join(xdgEnv.XDG_CONFIG_HOME, 'autostart/org.brook.Desktop.desktop')
    await page.evaluate(() => window.history.pushState({}, '', '/settings/general'))
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')))
    const toggle = page.getByRole('switch', { name: 'Open at login' })
    await toggle.waitFor()
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    await toggle.click()
    await waitFor('the autostart entry written', () => existsSync(entry))
    const text = readFileSync(entry, 'utf8')
    expect(text).toContain('[Desktop Entry]')
    expect(text).toMatch(/^Exec=.*apps\/desktop\/src\/main\.ts --data-dir /m)
    expect(text).toContain(dataDir)
    await page.getByRole('switch', { name: 'Open at login' }).and(page.locator('[aria-checked="true"]')).waitFor()
    await display.screenshot('desktop-07-open-at-login')
    await toggle.click()
    await waitFor('the autostart entry removed', () => !existsSync(entry))
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
  })

  it("customIntegration stored by the desktop overrides the synced list in this window, and the synced list is left alone (SPEC §3)", async () => {
    const page = await appPage()
    const file = path.join(dataDir, 'custom-integration.json')
    await page.evaluate(() => window.history.pushState({}, '', '/settings/integration'))
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')))
    const name = () => page.getByTestId('custom-integration-0').getByLabel('Name', { exact: true })
    // A custom integration saved to the server: the synced list every device gets.
    await page.getByRole('button', { name: 'Add custom integration' }).click()
    await name().fill('Synced app')
    await page.getByTestId('custom-integration-0').getByLabel('URL', { exact: true }).fill('https://example.org/save?u={{url}}')
    await page.getByRole('button', { name: 'Save custom integrations' }).click()
    await waitFor('the synced list saved', async () => (await page.evaluate(async () => ((await (await fetch('/api/integrations')).json()) as any).data.customIntegration.length)) === 1)
    await waitFor('the synced list shown', async () => (await name().inputValue().catch(() => '')) === 'Synced app')
    const own = page.getByRole('switch', { name: "Keep this computer's own list" })
    await own.click()
    await waitFor("the desktop's own list stored", () => existsSync(file) && readFileSync(file, 'utf8').includes('Synced app'))
    await name().fill('Local app')
    await page.getByRole('button', { name: 'Save custom integrations' }).click()
    await waitFor("the desktop's list changed", () => readFileSync(file, 'utf8').includes('Local app'))
    // The window now uses the desktop's list; the server's (other devices') is unchanged.
    await page.evaluate(() => window.history.pushState({}, '', '/settings/general'))
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')))
    await page.evaluate(() => window.history.pushState({}, '', '/settings/integration'))
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')))
    await waitFor('the desktop list shown', async () => (await name().inputValue().catch(() => '')) === 'Local app')
    expect(await page.evaluate(async () => ((await (await fetch('/api/integrations')).json()) as any).data.customIntegration.map((c: any) => c.name))).toEqual(['Synced app'])
    await display.screenshot('desktop-09-own-custom-integrations')
    await own.click()
    await waitFor("the desktop's own list removed", () => !existsSync(file))
    await waitFor('the synced list back', async () => (await name().inputValue().catch(() => '')) === 'Synced app')
  })

  it('minimized from the account menu, a second launch focuses the running window and exits', async () => {
    const page = await appPage()
    const [id] = windowsTitled(display, 'Brook')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Minimize window' }).click()
    await waitFor('the window minimized', () => display.run('/usr/bin/xprop', ['-id', id, '_NET_WM_STATE']).includes('_NET_WM_STATE_HIDDEN'))
    const second = launchDesktop(display, ['--data-dir', dataDir])
    expect(await second.exited).toBe(0)
    expect(second.output()).toContain('already running')
    await waitFor('the window shown again', () => !display.run('/usr/bin/xprop', ['-id', id, '_NET_WM_STATE']).includes('_NET_WM_STATE_HIDDEN'))
    expect(windowsTitled(display, 'Brook')).toEqual([id])
  })

  /** Where the window is on the screen and its size (xwininfo of the client window). */
  function geometry(id: string): { x: number; y: number; width: number; height: number } {
    const info = display.run('/usr/bin/xwininfo', ['-id', id])
    const read = (label: string) => Number(new RegExp(`${label}:\\s+(-?\\d+)`).exec(info)?.[1])
    return { x: read('Absolute upper-left X'), y: read('Absolute upper-left Y'), width: read('Width'), height: read('Height') }
  }

  it('closing the window stops the server, leaves the database intact and remembers the window', async () => {
    const port = serverPort()
    expect(await portAnswers(port)).toBe(true)
    const [id] = windowsTitled(display, 'Brook')
    display.run('/usr/bin/xdotool', ['windowsize', id, '1100', '720', 'windowmove', id, '150', '90'])
    await waitFor('the moved window', () => geometry(id).width === 1100 && geometry(id).height === 720)
    // The shell samples the window's bounds every second.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await cdp?.close().catch(() => {})
    cdp = null
    display.run('/usr/bin/wmctrl', ['-c', 'Brook'])
    expect(await app!.exited).toBe(0)
    expect(app!.output()).toContain('stopping the local server')
    expect(JSON.parse(readFileSync(path.join(dataDir, 'desktop.json'), 'utf8')).window).toMatchObject({ width: 1100, height: 720 })
    expect(await portAnswers(port)).toBe(false)
    const db = new DatabaseSync(path.join(dataDir, 'server/brook.db'), { readOnly: true })
    try {
      expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
      expect(db.prepare('SELECT name FROM user WHERE email = ?').get(user.email)).toEqual({ name: user.name })
    } finally {
      db.close()
    }
  })

  it('relaunches on the same data, still signed in', async () => {
    const port = serverPort()
    app = launchDesktop(display, ['--data-dir', dataDir])
    const [id] = await waitFor('a window titled Brook', () => brookWindows(1))
    expect(serverPort()).toBe(port)
    const placed = geometry(id)
    expect(placed).toMatchObject({ width: 1100, height: 720 })
    expect(Math.abs(placed.x - 150)).toBeLessThan(40)
    expect(Math.abs(placed.y - 90)).toBeLessThan(40)
    const page = await appPage()
    await page.getByTestId('sidebar').waitFor()
    await page.getByTestId('user-email').filter({ hasText: user.email }).waitFor()
    await display.screenshot('desktop-03-relaunched')
    await cdp?.close().catch(() => {})
    cdp = null
    display.run('/usr/bin/wmctrl', ['-c', 'Brook'])
    expect(await app.exited).toBe(0)
  })

  it('remote-server mode: the window shows the instance given with --server, remembered, and no local server starts', async () => {
    const remote = await startServer()
    const remoteDir = await mkdtemp(path.join(os.tmpdir(), 'brook-desktop-remote-'))
    try {
      const url = remote.url.replace('localhost', '127.0.0.1')
      app = launchDesktop(display, ['--data-dir', remoteDir, '--server', url])
      await waitFor('a window titled Brook', () => brookWindows(1))
      expect(app.output()).toContain(`remote server ${url}`)
      expect(JSON.parse(readFileSync(path.join(remoteDir, 'desktop.json'), 'utf8'))).toMatchObject({ server: url })
      const [port] = readFileSync(path.join(remoteDir, 'browser/DevToolsActivePort'), 'utf8').split('\n')
      cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port.trim()}`)
      const page = await waitFor('the app page', () => cdp!.contexts().flatMap((c) => c.pages())[0])
      await page.getByRole('heading', { name: 'Sign in to Brook' }).waitFor()
      expect(page.url()).toBe(`${url}/login`)
      await display.screenshot('desktop-04-remote-server')
      await cdp.close()
      cdp = null
      display.run('/usr/bin/wmctrl', ['-c', 'Brook'])
      expect(await app.exited).toBe(0)
      expect(app.output()).not.toContain('local server')
    } finally {
      await remote.stop()
      await rm(remoteDir, { recursive: true, force: true })
    }
  })
})
