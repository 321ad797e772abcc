/**
 * The app window: a Chromium-family browser in app mode (`--app=`) with its own profile,
 * driven over the DevTools protocol. Closing the window quits the browser.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { connectCdp, type Cdp } from './cdp.ts'
import type { WindowBounds } from './desktopConfig.ts'

export type WindowMode = 'minimized' | 'maximized' | 'normal'

export interface AppWindow {
  /** The browser's process, for tests and diagnostics. */
  pid: number
  cdp: Cdp
  /** The page target of the app (its session speaks Page/Runtime). */
  sessionId: string
  focus(): Promise<void>
  setMode(mode: WindowMode): Promise<void>
  mode(): Promise<WindowMode>
  /** The last bounds seen in the normal state (the window's position and size to remember). */
  lastBounds(): WindowBounds
  /** Resolves when the window is gone: `closed` (the user closed it) or `crashed` (the browser died, or its page crashed once too often). */
  ended: Promise<{ reason: 'closed' | 'crashed'; detail: string }>
  close(): Promise<void>
}

export interface OpenWindowOptions {
  browser: string
  url: string
  profileDir: string
  bounds: WindowBounds
  /** Extra browser flags (tests). */
  extraArgs?: string[]
  /** Runs on the app page's session once it exists; the app is then loaded again with what it installed. */
  beforeLoad?: (cdp: Cdp, sessionId: string) => Promise<void>
  /** Called when the window is minimized, maximized or back to normal. */
  onModeChange?: (mode: WindowMode) => void
  log?: (line: string) => void
  /** Called as each start-up step ends (the shell's trace, bench/desktop). */
  onPhase?: (phase: string) => void
  /**
   * The app page's renderer crashed (the browser lives on, the window shows its error page):
   * `reload` loads the app again in the same window; `give-up` closes the window, which then ends
   * as crashed with this detail. Without it the page is reloaded.
   */
  onPageCrash?: (detail: string) => 'reload' | 'give-up'
}

/**
 * Below this, /dev/shm is a container's (Docker gives 64 MB): Chromium keeps its shared memory
 * there and its renderers crash when it fills, so it is told to use the temporary folder instead.
 * A desktop's /dev/shm (half the memory) is left to Chromium: it is faster.
 */
const SMALL_SHM_BYTES = 512 * 1024 * 1024

/** True on Linux when /dev/shm is too small for Chromium's shared memory. */
export function smallSharedMemory(platform: NodeJS.Platform = process.platform, statfs: (path: string) => { bsize: number; blocks: number } = fs.statfsSync): boolean {
  if (platform !== 'linux') return false
  try {
    const { bsize, blocks } = statfs('/dev/shm')
    return bsize * blocks < SMALL_SHM_BYTES
  } catch {
    // No /dev/shm at all: Chromium must not look for it.
    return true
  }
}

const START_TIMEOUT_MS = 30_000
/** The page an app window starts on before the app (Chromium opens `about:blank` as a normal browser window, not an app window). */
export const BLANK_APP = 'data:text/html,<title>Brook</title>'

export function browserArgs(options: Pick<OpenWindowOptions, 'url' | 'profileDir' | 'bounds' | 'extraArgs' | 'beforeLoad'>, root = process.getuid?.() === 0, smallShm = smallSharedMemory()): string[] {
  const { bounds } = options
  return [
    // With a bridge to install, the window starts blank and loads the app once, with the bridge in
    // place: a first load racing the bridge would be replaced at once, and its database worker would
    // still hold the offline store (OPFS) when the second load opens it, which then fell back to memory.
    `--app=${options.beforeLoad ? BLANK_APP : options.url}`,
    `--user-data-dir=${options.profileDir}`,
    '--remote-debugging-port=0',
    `--window-size=${bounds.width},${bounds.height}`,
    `--window-position=${bounds.left},${bounds.top}`,
    // WM_CLASS on X11: the .desktop launcher's StartupWMClass and the window manager's grouping.
    '--class=Brook',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-sync',
    '--disable-component-update',
    '--password-store=basic',
    // Chromium refuses to run as root with its sandbox (containers, CI); --test-type hides the
    // "unsupported command-line flag" bar that --no-sandbox would put over the app.
    ...(root ? ['--no-sandbox', '--test-type'] : []),
    ...(smallShm ? ['--disable-dev-shm-usage'] : []),
    ...(options.extraArgs ?? []),
  ]
}

async function readDevToolsPort(profileDir: string, child: ChildProcess, output: () => string): Promise<string> {
  const file = path.join(profileDir, 'DevToolsActivePort')
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the browser exited at start (${child.exitCode ?? child.signalCode}):\n${output().slice(-2000)}`)
    try {
      const [port, wsPath] = fs.readFileSync(file, 'utf8').split('\n')
      if (port && wsPath) return `ws://127.0.0.1:${port.trim()}${wsPath.trim()}`
    } catch {}
    await sleep(50)
  }
  throw new Error(`the browser did not open its DevTools port within ${START_TIMEOUT_MS / 1000} s:\n${output().slice(-2000)}`)
}

/**
 * The profile's preferences an app window needs: no offer to save passwords (the browser's
 * password bubble over Brook's sign-in), no translate bar. Merged into what the browser kept.
 */
export function seedPreferences(profileDir: string): void {
  const file = path.join(profileDir, 'Default', 'Preferences')
  let prefs: Record<string, any> = {}
  try {
    prefs = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {}
  prefs.credentials_enable_service = false
  prefs.profile = { ...prefs.profile, password_manager_enabled: false, exit_type: 'Normal', exited_cleanly: true }
  prefs.translate = { ...prefs.translate, enabled: false }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, JSON.stringify(prefs))
}

export async function openWindow(options: OpenWindowOptions): Promise<AppWindow> {
  fs.mkdirSync(options.profileDir, { recursive: true })
  seedPreferences(options.profileDir)
  // A stale file from a crashed run would point at a dead port.
  fs.rmSync(path.join(options.profileDir, 'DevToolsActivePort'), { force: true })
  const phase = options.onPhase ?? (() => {})
  const child = spawn(options.browser, browserArgs(options), { stdio: ['ignore', 'pipe', 'pipe'] })
  phase('browser-spawned')
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`exit ${code ?? signal}`)))
  const spawnError = new Promise<never>((_, reject) => child.once('error', (e) => reject(new Error(`cannot start ${options.browser}: ${e.message}`))))

  let cdp: Cdp
  let pageTarget: string
  let sessionId: string
  let windowId: number
  try {
    const wsUrl = await Promise.race([readDevToolsPort(options.profileDir, child, () => output), spawnError])
    phase('browser-devtools-port')
    cdp = await connectCdp(wsUrl)
    pageTarget = await findAppPage(cdp, options.url)
    ;({ sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId: pageTarget, flatten: true }))
    ;({ windowId } = await cdp.send<{ windowId: number }>('Browser.getWindowForTarget', { targetId: pageTarget }))
    phase('browser-page-attached')
    if (options.beforeLoad) {
      await options.beforeLoad(cdp, sessionId)
      await cdp.send('Page.navigate', { url: options.url }, sessionId)
      phase('app-navigated')
    }
  } catch (error) {
    // No browser left behind a window that failed to open (or whose server failed to start).
    child.kill('SIGKILL')
    throw error
  }

  // Placed through the protocol too: what getWindowBounds reports is in the same coordinates,
  // so a remembered position comes back where it was (the command-line flags alone drift by the frame).
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { ...options.bounds, windowState: 'normal' } }).catch(() => {})
  let bounds: WindowBounds = { ...options.bounds }
  let userClosed = false
  let lastMode: WindowMode = 'normal'
  let crashDetail: string | null = null
  await cdp.send('Target.setDiscoverTargets', { discover: true })
  // The page's renderer died (killed for memory, a crash): the browser and its window stay, with
  // an error page where the app was. Loaded again, or the window is closed as crashed.
  cdp.on('Target.targetCrashed', ({ targetId, status, errorCode }: { targetId: string; status: string; errorCode: number }) => {
    if (targetId !== pageTarget) return
    const detail = `the window's page crashed (${status}, code ${errorCode})`
    if ((options.onPageCrash?.(detail) ?? 'reload') === 'reload') {
      void cdp.send('Page.navigate', { url: options.url }, sessionId).catch(() => {})
      return
    }
    crashDetail = detail
    void cdp.send('Browser.close').catch(() => child.kill('SIGKILL'))
  })
  cdp.on('Target.targetDestroyed', ({ targetId }) => {
    if (targetId !== pageTarget) return
    // The app window is gone: nothing else of the browser is Brook's, so it quits.
    userClosed = true
    void cdp.send('Browser.close').catch(() => {})
  })
  const poll = setInterval(() => {
    cdp
      .send<{ bounds: { left: number; top: number; width: number; height: number; windowState: string } }>('Browser.getWindowBounds', { windowId })
      .then(({ bounds: b }) => {
        const mode: WindowMode = b.windowState === 'minimized' || b.windowState === 'maximized' ? b.windowState : 'normal'
        if (mode !== lastMode) {
          lastMode = mode
          options.onModeChange?.(mode)
        }
        if (b.windowState === 'normal') bounds = { left: b.left, top: b.top, width: b.width, height: b.height }
      })
      .catch(() => {})
  }, 1000)

  const ended = exited.then((detail) => {
    clearInterval(poll)
    cdp.close()
    if (crashDetail) return { reason: 'crashed' as const, detail: `${crashDetail}\n${output.slice(-2000)}` }
    return { reason: userClosed || detail === 'exit 0' ? ('closed' as const) : ('crashed' as const), detail: `${detail}\n${output.slice(-2000)}` }
  })

  const setState = (windowState: WindowMode) => cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState } })
  return {
    pid: child.pid ?? 0,
    cdp,
    sessionId,
    async focus() {
      const { bounds: b } = await cdp.send<{ bounds: { windowState: string } }>('Browser.getWindowBounds', { windowId })
      if (b.windowState === 'minimized') await setState('normal')
      await cdp.send('Page.bringToFront', {}, sessionId)
    },
    async setMode(mode) {
      // Chromium moves between minimized and maximized through normal only.
      const { bounds: b } = await cdp.send<{ bounds: { windowState: string } }>('Browser.getWindowBounds', { windowId })
      if (b.windowState !== 'normal' && mode !== 'normal') await setState('normal')
      await setState(mode)
    },
    async mode() {
      const { bounds: b } = await cdp.send<{ bounds: { windowState: string } }>('Browser.getWindowBounds', { windowId })
      return b.windowState === 'minimized' || b.windowState === 'maximized' ? b.windowState : 'normal'
    },
    lastBounds: () => bounds,
    ended,
    async close() {
      userClosed = true
      await cdp.send('Browser.close').catch(() => {})
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}

async function findAppPage(cdp: Cdp, url: string): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    const { targetInfos } = await cdp.send<{ targetInfos: { targetId: string; type: string; url: string }[] }>('Target.getTargets')
    const page = targetInfos.find((t) => t.type === 'page' && (t.url.startsWith(new URL(url).origin) || t.url === 'about:blank' || t.url === BLANK_APP)) ?? targetInfos.find((t) => t.type === 'page')
    if (page) return page.targetId
    await sleep(50)
  }
  throw new Error('the browser opened no app window')
}
