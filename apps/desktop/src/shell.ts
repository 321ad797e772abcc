/**
 * The desktop shell (entry: main.ts): Brook in its own window. Starts Brook's server in this
 * process on a loopback port (or uses `--server`), opens one app window of a Chromium-family
 * browser, and stops the server cleanly when the window closes (docs/desktop.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { appDataDir } from './appDataDir.ts'
import { autostartEnabled, setAutostart } from './autostart.ts'
import { ArgsError, parseArgs, USAGE } from './args.ts'
import { openWindow, type AppWindow, type WindowMode } from './browserWindow.ts'
import { DEFAULT_BOUNDS, readConfig, writeConfig } from './desktopConfig.ts'
import { readDesktopEnv } from './env.ts'
import { findBrowser, NoBrowserError } from './findBrowser.ts'
import type { LocalServer } from './localServer.ts'
import { freePort, portFree } from './ports.ts'
import { openExternal } from './openExternal.ts'
import { retryWhileUnreachable, serverAnswers } from './remoteServer.ts'
import { installBridge, type Bridge } from './shellBridge.ts'
import { setUnreadBadge } from './unreadBadge.ts'
import { readCustomIntegration, writeCustomIntegration } from './customIntegration.ts'
import { createPdfPrinter } from './printToPdf.ts'
import { acquireInstance } from './singleInstance.ts'
import { createSocialSignIn, type SocialSignIn } from './socialSignIn.ts'

const log = (line: string) => console.log(`[brook-desktop] ${line}`)
const VERSION = (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version

function fail(message: string, code = 1): never {
  console.error(`brook-desktop: ${message}`)
  process.exit(code)
}

function ensureWritable(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true })
    fs.accessSync(dir, fs.constants.W_OK)
    const probe = path.join(dir, `.write-test-${process.pid}`)
    fs.writeFileSync(probe, '')
    fs.rmSync(probe)
  } catch (error) {
    fail(`the data folder ${dir} is not writable (${(error as Error).message}). Choose another with --data-dir.`)
  }
}

async function main(): Promise<void> {
  let args
  try {
    args = parseArgs(process.argv.slice(2))
  } catch (error) {
    if (error instanceof ArgsError) fail(error.message, 2)
    throw error
  }
  if (args.help) {
    console.log(USAGE)
    return
  }
  const env = readDesktopEnv()
  // BROOK_DESKTOP_TRACE=1: when each start-up step ended, in ms since this process started.
  const trace = (phase: string) => {
    if (env.trace) log(`trace ${phase} ${performance.now().toFixed(0)} ms`)
  }
  trace('shell-started')
  const dataDir = path.resolve(args.dataDir ?? appDataDir(env))
  ensureWritable(dataDir)
  const autostartCommand = [process.execPath, fileURLToPath(new URL('./main.ts', import.meta.url)), ...(args.dataDir ? ['--data-dir', dataDir] : [])]
  if (args.launchOnStartup) {
    const command = autostartCommand
    try {
      const file = setAutostart(env, args.launchOnStartup === 'on', command)
      log(`launch on startup ${args.launchOnStartup}: ${file}`)
    } catch (error) {
      fail((error as Error).message)
    }
    return
  }

  let browser: string
  try {
    browser = findBrowser({ ...env, browser: args.browser ?? env.browser })
  } catch (error) {
    if (error instanceof NoBrowserError) fail(error.message, 3)
    throw error
  }

  const lock = await acquireInstance(dataDir)
  if (!lock) {
    log('Brook is already running with this data folder: its window was brought to the front.')
    return
  }

  const config = readConfig(dataDir)
  if (args.local) delete config.server
  if (args.server) config.server = args.server

  let local: LocalServer | null = null
  /** The local server while it loads and starts (in parallel with the browser). */
  let localStarting: Promise<LocalServer> | null = null
  let window: AppWindow | null = null
  let signIn: SocialSignIn | null = null
  let stopping: Promise<void> | null = null
  const stop = (code: number) => {
    stopping ??= (async () => {
      if (window) {
        config.window = window.lastBounds()
        await window.close().catch(() => {})
      }
      writeConfig(dataDir, config)
      await signIn?.close()
      // A server still starting is waited for, then stopped: never left running behind the shell.
      local ??= await localStarting?.catch(() => null) ?? null
      if (local) {
        log('stopping the local server')
        await local.brook.close()
      }
      await lock.release()
      process.exit(code)
    })()
    return stopping
  }
  process.once('SIGINT', () => void stop(130))
  process.once('SIGTERM', () => void stop(143))

  try {
    let url = config.server
    let startServer: (() => void) | null = null
    if (!url) {
      let port = config.port ?? (await freePort())
      if (!(await portFree(port))) {
        const next = await freePort()
        log(`port ${port} (remembered) is in use by another program; the local server takes port ${next} (the window's offline copy starts afresh)`)
        port = next
      }
      const serverPort = port
      url = `http://127.0.0.1:${serverPort}`
      config.port = serverPort
      // The server loads and starts while the browser starts (the two largest parts of a launch):
      // started just after the browser's process (below), and the window loads the app once both
      // are ready. Loaded only now: a missing browser or a bad option answers without loading it.
      startServer = () => {
        localStarting = (async () => {
          const { startLocalServer } = await import('./localServer.ts')
          trace('server-imported')
          const started = await startLocalServer({ dataDir, port: serverPort, inherited: env.server })
          trace('server-listening')
          log(`local server at ${started.url}, data in ${path.join(dataDir, 'server')}`)
          return started
        })()
        localStarting.then((started) => (local = started)).catch(() => {})
      }
    } else {
      log(`remote server ${url}`)
      if (!(await serverAnswers(url))) log(`the remote server ${url} is not answering: the window opens on the data stored on this computer and reconnects when it is back`)
    }
    writeConfig(dataDir, config)

    const profileDir = path.join(dataDir, 'browser')
    const bounds = config.window ?? DEFAULT_BOUNDS
    const origin = new URL(url).origin
    const pdf = createPdfPrinter(env, dataDir)
    // Social sign-in: the provider's page in the default browser, the token back on a loopback callback.
    const socialSignIn = createSocialSignIn({ appUrl: url, open: (address) => openExternal(process.platform, address), focusWindow: () => void window?.focus().catch(() => {}) })
    signIn = socialSignIn
    // A crash — of the browser, or of the window's page alone — is recovered from once per launch
    // (the window opened or the app loaded again); the next one is reported and the shell stops.
    let recovered = false
    for (;;) {
      let bridge: Bridge | null = null
      // What the web app's desktop platform (modules/platform) may ask of the shell.
      const handlers = {
        windowMode: () => window?.mode(),
        setWindowMode: (mode: WindowMode) => {
          if (!['minimized', 'maximized', 'normal'].includes(mode)) throw new Error(`unknown window mode ${mode}`)
          return window?.setMode(mode)
        },
        openExternal: (address: string) => openExternal(process.platform, String(address)),
        setLaunchOnStartup: (on: boolean) => void setAutostart(env, on === true, autostartCommand),
        launchOnStartup: () => autostartEnabled(env),
        setBadge: (count: number) => setUnreadBadge(env, Number(count) || 0),
        notificationPollMs: () => (env.notifyPollSeconds ?? 60) * 1000,
        customIntegration: () => readCustomIntegration(dataDir),
        setCustomIntegration: (items: unknown) => writeCustomIntegration(dataDir, items ?? null),
        printToPdf: (fileName: string) => pdf.print(String(fileName)),
        socialSignIn: (provider: string) => socialSignIn.start(String(provider)),
      }
      const opening = openWindow({
        browser,
        url,
        profileDir,
        bounds: config.window ?? bounds,
        beforeLoad: async (cdp, sessionId) => {
          const [installed] = await Promise.all([
            installBridge(cdp, sessionId, VERSION, handlers),
            // Native notifications for new entries: the app's origin may show them without asking.
            cdp.send('Browser.grantPermissions', { origin, permissions: ['notifications'] }).catch(() => {}),
          ])
          bridge = installed
          pdf.attach(cdp, sessionId)
          // The app is loaded once the local server answers (it started in parallel).
          await localStarting
        },
        onModeChange: (mode) => void bridge?.emit('window-mode', mode),
        onPhase: trace,
        extraArgs: env.browserFlags,
        onPageCrash: (detail) => {
          if (recovered) return 'give-up'
          recovered = true
          log(`${detail}; loading the app again`)
          return 'reload'
        },
      })
      // The browser's process exists now (openWindow spawns it before its first await).
      startServer?.()
      startServer = null
      window = await opening
      const current = window
      lock.onFocus(() => current.focus())
      log(`window open (${path.basename(browser)}, pid ${window.pid})`)
      const stopRetry = local ? () => {} : retryWhileUnreachable(window.cdp, window.sessionId, url)
      const ended = await window.ended
      stopRetry()
      config.window = window.lastBounds()
      if (ended.reason === 'closed') break
      if (recovered) {
        console.error(`brook-desktop: the window crashed again (${ended.detail.split('\n')[0]}); giving up.\n${ended.detail}`)
        window = null
        await stop(4)
        return
      }
      recovered = true
      log(`the browser crashed (${ended.detail.split('\n')[0]}); opening the window again`)
    }
    window = null
    log('window closed')
    await stop(0)
  } catch (error) {
    console.error(`brook-desktop: ${(error as Error).message}`)
    await stop(1)
  }
}

export function runShell(): void {
  main().catch((error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)))
}
