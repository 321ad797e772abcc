/**
 * The desktop window when its remote server is away (issue 13, "Bad input and faults"): signed in
 * against a real remote Brook with a loopback feed, the window is closed, the server stopped, and
 * the app relaunched — the window opens on the entries stored on this computer with the offline
 * banner, and once the same server is back (same port, same data) it reconnects by itself.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeDesktop, launchDesktop, startDisplay, waitFor, windowsTitled, type DesktopRun, type Display } from './support/desktop.ts'
import { ensureWebBuild, freePort, startServer, type BrookServer } from './support/server.ts'

declare const navigator: any
declare const __brook: any

const ENTRIES = 6
const OFFLINE_BANNER = 'You are offline. Changes will sync when the connection returns.'

describeDesktop('desktop app with its remote server away', () => {
  let display: Display
  let farm: FeedFarm
  let remote: BrookServer | null = null
  let remoteData: string
  let remotePort: number
  let dataDir: string
  let app: DesktopRun | null = null
  let cdp: Browser | null = null

  const url = () => `http://127.0.0.1:${remotePort}`
  const startRemote = async () => {
    remote = await startServer({}, { port: remotePort, dataDir: remoteData, keepData: true })
  }

  beforeAll(async () => {
    ensureWebBuild()
    farm = await startFeedFarm()
    const published = (n: number) => new Date(Date.UTC(2025, 5, 1, 8) + n * 3_600_000)
    farm.setFeed('/away.xml', {
      title: 'Away Feed',
      entries: Array.from({ length: ENTRIES }, (_, i) => ({ id: `w-${i}`, title: `Stored story ${i}`, url: `${farm.origin}/w/${i}`, content: `<p>Body ${i}</p>`, published: published(i) })),
    })
    display = await startDisplay()
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'brook-desktop-offline-'))
    remoteData = await mkdtemp(path.join(os.tmpdir(), 'brook-desktop-offline-remote-'))
    remotePort = await freePort()
    await startRemote()
  })

  afterAll(async () => {
    await cdp?.close().catch(() => {})
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGTERM')
      await app.exited
    }
    await remote?.stop()
    await farm?.close()
    await display?.stop()
    for (const dir of [dataDir, remoteData]) if (dir) await rm(dir, { recursive: true, force: true })
  })

  async function appPage(): Promise<Page> {
    const [port] = readFileSync(path.join(dataDir, 'browser/DevToolsActivePort'), 'utf8').split('\n')
    cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port.trim()}`)
    return waitFor('the app page', () => cdp!.contexts().flatMap((c) => c.pages())[0])
  }

  async function closeWindow(): Promise<void> {
    await cdp?.close().catch(() => {})
    cdp = null
    display.run('/usr/bin/wmctrl', ['-c', 'Brook'])
    expect(await app!.exited).toBe(0)
  }

  const storedTitles = (page: Page) => page.getByTestId('entry-item-title').filter({ hasText: 'Stored story' })

  it('signed in against the remote server, the window shows its entries', async () => {
    app = launchDesktop(display, ['--data-dir', dataDir, '--server', url()])
    await waitFor('a window titled Brook', () => windowsTitled(display, 'Brook').length === 1)
    const page = await appPage()
    // Signed up in the window itself (a page load in between would race the local database's worker).
    await page.getByRole('button', { name: 'Create an account' }).click()
    await page.getByLabel('Name').fill('Away Tester')
    await page.getByLabel('E-mail').fill(`away+${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await page.getByTestId('sidebar').waitFor()
    await page.evaluate(async (feed) => {
      const res = await fetch('/api/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: feed, view: 0 }) })
      if (!res.ok) throw new Error(`subscribe: ${res.status} ${await res.text()}`)
      await __brook.refresh()
      await __brook.timeline({ view: 0 }, true)
    }, farm.url('/away.xml'))
    await waitFor(`${ENTRIES} entries in the window`, async () => (await storedTitles(page).count()) === ENTRIES)
    // The app shell is cached for offline starts once the service worker is in charge.
    await page.evaluate(() => navigator.serviceWorker.ready)
    await closeWindow()
  })

  it('relaunched while the server is down: the stored entries and the offline banner; the server back: it reconnects', async () => {
    await remote!.stop()
    remote = null
    app = launchDesktop(display, ['--data-dir', dataDir])
    await waitFor('a window titled Brook', () => windowsTitled(display, 'Brook').length === 1)
    expect(app.output()).toContain(`the remote server ${url()} is not answering`)
    const page = await appPage()
    await page.getByRole('status').filter({ hasText: OFFLINE_BANNER }).waitFor({ timeout: 60_000 })
    await waitFor(`${ENTRIES} stored entries`, async () => (await storedTitles(page).count()) === ENTRIES)
    await display.screenshot('desktop-offline-01-server-away')

    await startRemote()
    await page.getByRole('status').filter({ hasText: OFFLINE_BANNER }).waitFor({ state: 'detached', timeout: 60_000 })
    expect(await storedTitles(page).count()).toBe(ENTRIES)
    await display.screenshot('desktop-offline-02-reconnected')
    await closeWindow()
  })
})
