/**
 * A real X display for the desktop app's tests: Xvfb with the openbox window manager, found with
 * wmctrl/xdotool and photographed with ImageMagick's `import` (Debian packages; .ci/run installs
 * them). Without them the desktop suites are skipped, loudly.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe } from 'vitest'
import { ARTIFACTS_DIR, CHROMIUM_PATH } from './browser.ts'
import { repoRoot } from './server.ts'

const TOOLS = ['/usr/bin/Xvfb', '/usr/bin/openbox', '/usr/bin/wmctrl', '/usr/bin/xdotool', '/usr/bin/xprop', '/usr/bin/xwininfo', '/usr/bin/import', CHROMIUM_PATH]
const missing = TOOLS.filter((tool) => !existsSync(tool))

/** `describe` for suites that need a display: skipped, with the reason, when a tool is missing. */
export function describeDesktop(name: string, body: () => void): void {
  if (missing.length === 0) {
    describe(name, body)
    return
  }
  const message = `desktop e2e skipped: ${missing.join(', ')} not found (apt-get install -y xvfb openbox wmctrl xdotool x11-utils imagemagick chromium)`
  console.warn(`[${name}] ${message}`)
  describe.skip(`${name} (${message})`, body)
}

export interface Display {
  name: string
  /** Runs an X client on this display and returns its stdout. */
  run(command: string, args: string[]): string
  /** Saves the whole screen to e2e/artifacts/<name>.png. */
  screenshot(name: string): Promise<string>
  stop(): Promise<void>
}

/** Starts Xvfb on a free display number (-displayfd) and openbox on it. */
export async function startDisplay(): Promise<Display> {
  const xvfb = spawn('/usr/bin/Xvfb', ['-displayfd', '3', '-screen', '0', '1400x900x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] })
  const number = await new Promise<string>((resolve, reject) => {
    let text = ''
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('\n')) resolve(text.trim())
    })
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)))
  })
  const name = `:${number}`
  const wm = spawn('/usr/bin/openbox', [], { env: { ...process.env, DISPLAY: name }, stdio: 'ignore' })
  const run = (command: string, args: string[]) => spawnSync(command, args, { env: { ...process.env, DISPLAY: name }, encoding: 'utf8', timeout: 10_000 }).stdout ?? ''
  // openbox owns the screen once wmctrl can name it.
  for (let i = 0; i < 100 && !run('/usr/bin/wmctrl', ['-m']).includes('Name:'); i++) await sleep(100)
  const stopChild = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return {
    name,
    run,
    async screenshot(file) {
      await mkdir(ARTIFACTS_DIR, { recursive: true })
      const out = path.join(ARTIFACTS_DIR, `${file}.png`)
      spawnSync('/usr/bin/import', ['-window', 'root', out], { env: { ...process.env, DISPLAY: name }, timeout: 20_000 })
      return out
    },
    async stop() {
      await stopChild(wm)
      await stopChild(xvfb)
    },
  }
}

export interface DesktopRun {
  child: ChildProcess
  output: () => string
  /** Resolves with the exit code. */
  exited: Promise<number | null>
}

/** Runs `apps/desktop/src/main.ts` (what `npm run desktop` runs) on the display. */
export function launchDesktop(display: Display, args: string[], extraEnv: Record<string, string> = {}): DesktopRun {
  return launchCommand(display, process.execPath, [path.join(repoRoot, 'apps/desktop/src/main.ts'), ...args], { ...process.env, ...extraEnv })
}

/** Runs a desktop command (e.g. an installed `brook-desktop`) on the display with the given environment. */
export function launchCommand(display: Display, command: string, args: string[], env: Record<string, string | undefined>): DesktopRun {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { LOG_LEVEL: 'warn', ...env, DISPLAY: display.name },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/** The ids of the top-level windows titled exactly `title` (wmctrl -l). */
export function windowsTitled(display: Display, title: string): string[] {
  return display
    .run('/usr/bin/wmctrl', ['-l'])
    .split('\n')
    .filter((line) => line.split(/\s+/).slice(3).join(' ') === title)
    .map((line) => line.split(/\s+/)[0])
}

export async function waitFor<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 60_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(200)
  }
}
