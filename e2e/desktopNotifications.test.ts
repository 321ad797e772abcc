/**
 * Native notifications for new entries and the unread badge of the desktop window, on a real
 * session bus (dbus-daemon) with a real notification server (dunst, Debian) on the Xvfb display:
 * the window's Notification API reaches `org.freedesktop.Notifications.Notify`, and the shell's
 * badge is the Unity `LauncherEntry.Update` signal — both read off the bus with dbus-monitor.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeDesktop, launchDesktop, startDisplay, waitFor, windowsTitled, type DesktopRun, type Display } from './support/desktop.ts'
import { ensureWebBuild } from './support/server.ts'

declare const __brook: any

const BUS_TOOLS = ['/usr/bin/dbus-daemon', '/usr/bin/dbus-monitor', '/usr/bin/dunst', '/usr/bin/gdbus']
const published = (n: number) => new Date(Date.UTC(2025, 5, 1, 8) + n * 3_600_000)

const suite = BUS_TOOLS.every((tool) => existsSync(tool)) ? describeDesktop : (name: string, body: () => void) => describeDesktop(`${name} (skipped: apt-get install -y dbus dunst libglib2.0-bin)`, () => it.skip('needs a session bus and dunst', body))

suite('desktop notifications and unread badge', () => {
  let display: Display
  let farm: FeedFarm
  let dataDir: string
  let bus: ChildProcess
  let busAddress: string
  let dunst: ChildProcess
  let monitor: ChildProcess
  let busLog = ''
  let app: DesktopRun | null = null
  let cdp: Browser | null = null
  let page: Page

  const loud = (n: number) => ({ id: `loud-${n}`, title: `Loud story ${n}`, url: `https://loud.example/${n}`, content: `<p>${n}</p>`, published: published(n) })
  const quiet = (n: number) => ({ id: `quiet-${n}`, title: `Quiet story ${n}`, url: `https://quiet.example/${n}`, content: `<p>${n}</p>`, published: published(n) })

  beforeAll(async () => {
    ensureWebBuild()
    farm = await startFeedFarm()
    farm.setFeed('/loud.xml', { title: 'Loud Feed', entries: [loud(0), loud(1)] })
    farm.setFeed('/quiet.xml', { title: 'Quiet Feed', entries: [quiet(0)] })
    display = await startDisplay()
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'brook-desktop-notify-'))
    bus = spawn('/usr/bin/dbus-daemon', ['--session', '--nofork', '--print-address=1', `--address=unix:path=${path.join(dataDir, 'bus')}`], { stdio: ['ignore', 'pipe', 'inherit'] })
    busAddress = await new Promise<string>((resolve) => bus.stdout!.once('data', (c: Buffer) => resolve(c.toString().trim())))
    const busEnv = { ...process.env, DISPLAY: display.name, DBUS_SESSION_BUS_ADDRESS: busAddress }
    dunst = spawn('/usr/bin/dunst', [], { env: busEnv, stdio: 'ignore' })
    monitor = spawn('/usr/bin/dbus-monitor', ['--address', busAddress, "type='method_call',interface='org.freedesktop.Notifications',member='Notify'", "type='signal',interface='com.canonical.Unity.LauncherEntry'"], { stdio: ['ignore', 'pipe', 'ignore'] })
    monitor.stdout!.on('data', (c: Buffer) => (busLog += c.toString()))
    // dunst owns the notification name once it answers on the bus.
    await waitFor('dunst on the bus', () => spawnOk(['call', '--session', '--dest', 'org.freedesktop.Notifications', '--object-path', '/org/freedesktop/Notifications', '--method', 'org.freedesktop.Notifications.GetServerInformation'], busEnv))
  })

  afterAll(async () => {
    await cdp?.close().catch(() => {})
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGTERM')
      await app.exited
    }
    for (const child of [monitor, dunst, bus]) child?.kill('SIGTERM')
    await farm?.close()
    await display?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  /** The last unread count the shell put on the launcher (dbus-monitor's text of the signal). */
  function lastBadge(): number | null {
    const signals = busLog.split(/\n(?=signal|method call)/).filter((m) => m.includes('LauncherEntry'))
    const last = signals.at(-1)
    if (!last) return null
    expect(last).toContain('string "application://org.brook.Desktop.desktop"')
    return Number(/string "count"\s+variant\s+int64 (\d+)/.exec(last)?.[1])
  }

  const notified = (text: string) => busLog.split(/\n(?=signal|method call)/).some((m) => m.includes('member=Notify') && m.includes(text))

  it('signed in with two feeds, one set to notify: the launcher shows the unread count', async () => {
    app = launchDesktop(display, ['--data-dir', path.join(dataDir, 'app')], { DBUS_SESSION_BUS_ADDRESS: busAddress, BROOK_DESKTOP_NOTIFY_POLL_SECONDS: '2', FETCH_ALLOW_PRIVATE_NETWORKS: 'true' })
    await waitFor('a window titled Brook', () => windowsTitled(display, 'Brook').length === 1)
    const [port] = readFileSync(path.join(dataDir, 'app/browser/DevToolsActivePort'), 'utf8').split('\n')
    cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port.trim()}`)
    page = await waitFor('the app page', () => cdp!.contexts().flatMap((c) => c.pages())[0])
    await page.getByRole('button', { name: 'Create an account' }).click()
    await page.getByLabel('Name').fill('Bell Ringer')
    await page.getByLabel('E-mail').fill(`bell+${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await page.getByTestId('sidebar').waitFor()
    await page.evaluate(
      async ({ loudUrl, quietUrl }) => {
        const call = async (method: string, url: string, body: unknown): Promise<any> => {
          const res = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
          const json: any = await res.json()
          if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`)
          return json
        }
        const loud = await call('POST', '/api/subscriptions', { url: loudUrl, view: 0 })
        await call('POST', '/api/subscriptions', { url: quietUrl, view: 0 })
        await call('PUT', '/api/messaging/feeds', { feedId: loud.data.feed.id, enabled: true })
        await __brook.refresh()
      },
      { loudUrl: farm.url('/loud.xml'), quietUrl: farm.url('/quiet.xml') },
    )
    await waitFor('the badge at 3', () => lastBadge() === 3)
    // One poll of the notifier after the subscriptions: what they brought is what "new" is measured from.
    await page.waitForResponse((r) => r.url().includes('/api/entries?') && r.url().includes('limit=100'))
  })

  it('new entries of the notifying feed are shown by the notification server; the quiet feed stays quiet', async () => {
    farm.setFeed('/loud.xml', { title: 'Loud Feed', entries: [loud(0), loud(1), loud(2), loud(3)] })
    farm.setFeed('/quiet.xml', { title: 'Quiet Feed', entries: [quiet(0), quiet(1)] })
    await page.evaluate(async () => {
      const feeds = ((await (await fetch('/api/subscriptions')).json()) as any).data as { feedId: string }[]
      for (const { feedId } of feeds) {
        const res = await fetch('/api/feeds/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: feedId }) })
        if (!res.ok) throw new Error(`refresh: ${res.status} ${await res.text()}`)
      }
    })
    await waitFor('both new loud entries notified', () => notified('Loud story 2') && notified('Loud story 3'))
    // The body is the feed's name (Chromium puts the site's address before it).
    expect(busLog).toMatch(/Loud Feed"/)
    expect(notified('Quiet story 1')).toBe(false)
    await display.screenshot('desktop-08-notifications')
    await page.evaluate(() => __brook.refresh())
    await waitFor('the badge at 6', () => lastBadge() === 6)
    await cdp?.close().catch(() => {})
    cdp = null
    display.run('/usr/bin/wmctrl', ['-c', 'Brook'])
    expect(await app!.exited).toBe(0)
  })
})

function spawnOk(args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/gdbus', args, { env, stdio: 'ignore' })
    child.once('error', () => resolve(false))
    child.once('exit', (code) => resolve(code === 0))
  })
}
