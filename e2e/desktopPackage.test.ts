/**
 * `npm run desktop:package`: builds the Debian package and the portable tar.gz, reads them with
 * dpkg-deb and tar, unpacks the .deb into a temporary root (`dpkg -x`) and launches the unpacked
 * `usr/bin/brook-desktop` under Xvfb + openbox with a PATH that has no Node — the package's own
 * runtime runs the shell and its server.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readlinkSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeDesktop, launchCommand, startDisplay, waitFor, windowsTitled, type DesktopRun, type Display } from './support/desktop.ts'
import { ensureWebBuild, repoRoot } from './support/server.ts'

const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'apps/desktop/package.json'), 'utf8')) as { version: string }

function sh(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: exit ${result.status}\n${result.stderr}`)
  return result.stdout
}

const dpkgMissing = !existsSync('/usr/bin/dpkg-deb')

describeDesktop('desktop package (.deb)', () => {
  let outDir: string
  let root: string
  let deb: string
  let display: Display | null = null
  let app: DesktopRun | null = null
  let cdp: Browser | null = null

  beforeAll(async () => {
    if (dpkgMissing) throw new Error('dpkg-deb not found: the .deb cannot be built on this machine (Debian package dpkg)')
    ensureWebBuild()
    outDir = await mkdtemp(path.join(os.tmpdir(), 'brook-desktop-package-'))
    root = path.join(outDir, 'root')
    // zstd: the release default (xz) takes about 9 minutes on two shared cores and dpkg-deb's gzip
    // (level 9) over 3 (188 s measured at load 12); zstd takes seconds and the contents are the same.
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'apps/desktop/src/packageDesktop.ts'), '--out', outDir, '--compression', 'zstd'], { cwd: repoRoot, encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`desktop:package failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
    deb = path.join(outDir, `brook-desktop_${version}_amd64.deb`)
  }, 600_000)

  afterAll(async () => {
    await cdp?.close().catch(() => {})
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGTERM')
      await app.exited
    }
    await display?.stop()
    if (outDir) await rm(outDir, { recursive: true, force: true })
  })

  it('the .deb names the package, its version, architecture and browser dependency', () => {
    const info = sh('/usr/bin/dpkg-deb', ['-I', deb])
    expect(info).toContain('Package: brook-desktop')
    expect(info).toContain(`Version: ${version}`)
    expect(info).toContain('Architecture: amd64')
    expect(info).toMatch(/Depends: chromium \| google-chrome-stable/)
    expect(Number(/Installed-Size: (\d+)/.exec(info)?.[1])).toBeGreaterThan(100_000)
    // dpkg-deb's own check of the control fields.
    expect(sh('/usr/bin/dpkg-deb', ['-f', deb, 'Package'])).toBe('brook-desktop\n')
  })

  it('holds the command, the menu entry, the icons, the app and its runtime — and no tests', () => {
    const listing = sh('/usr/bin/dpkg-deb', ['-c', deb])
    const lines = listing.split('\n')
    const entry = (p: string) => lines.find((line) => line.includes(` ./${p}`))
    expect(entry('usr/bin/brook-desktop')).toContain('-> ../lib/brook-desktop/brook-desktop')
    expect(entry('usr/lib/brook-desktop/brook-desktop')).toMatch(/^-rwxr-xr-x root\/root/)
    expect(entry('usr/lib/brook-desktop/runtime/node')).toMatch(/^-rwxr-xr-x root\/root/)
    for (const p of [
      'usr/share/applications/org.brook.Desktop.desktop',
      'usr/share/icons/hicolor/scalable/apps/brook.svg',
      'usr/share/icons/hicolor/256x256/apps/brook.png',
      'usr/lib/brook-desktop/apps/desktop/src/main.ts',
      'usr/lib/brook-desktop/apps/server/src/server.ts',
      'usr/lib/brook-desktop/apps/web/dist/index.html',
      'usr/lib/brook-desktop/node_modules/hono/package.json',
    ])
      expect(entry(p), p).toBeDefined()
    expect(listing).not.toMatch(/\.\/usr\/lib\/brook-desktop\/(apps|packages)\/\S*\.test\.ts\n/)
    // Only the server's, shared and the shell's runtime dependencies: not the web app's nor the tests'.
    expect(listing).not.toContain('./usr/lib/brook-desktop/node_modules/react-dom/')
    expect(listing).not.toContain('./usr/lib/brook-desktop/node_modules/playwright-core/')
    expect(listing).not.toContain('./usr/lib/brook-desktop/e2e/')
  })

  it('the portable tar.gz holds the same app folder', () => {
    const listing = sh('/usr/bin/tar', ['-tzf', path.join(outDir, `brook-desktop-${version}-linux-x64.tar.gz`)])
    expect(listing).toContain('brook-desktop/brook-desktop\n')
    expect(listing).toContain('brook-desktop/runtime/node\n')
    expect(listing).toContain('brook-desktop/apps/desktop/src/main.ts\n')
  })

  it('unpacked into a root (dpkg -x), its menu entry launches the command it installs', () => {
    sh('/usr/bin/dpkg', ['-x', deb, root])
    expect(readlinkSync(path.join(root, 'usr/bin/brook-desktop'))).toBe('../lib/brook-desktop/brook-desktop')
    const desktopFile = readFileSync(path.join(root, 'usr/share/applications/org.brook.Desktop.desktop'), 'utf8')
    expect(desktopFile).toContain('Exec=brook-desktop\n')
    expect(desktopFile).toContain('Icon=brook\n')
    expect(desktopFile).toContain('StartupWMClass=Brook\n')
    if (existsSync('/usr/bin/desktop-file-validate')) sh('/usr/bin/desktop-file-validate', [path.join(root, 'usr/share/applications/org.brook.Desktop.desktop')])
    // The packaged runtime is Node 24 (the TypeScript sources run as they are).
    expect(sh(path.join(root, 'usr/lib/brook-desktop/runtime/node'), ['--version'])).toMatch(/^v2[4-9]\./)
  })

  it('the unpacked brook-desktop opens Brook in its own window, with no Node on the PATH', async () => {
    display = await startDisplay()
    const dataDir = path.join(outDir, 'data')
    // Only the system's folders: no node_modules/.bin, so no Node but the package's.
    const env = { HOME: path.join(outDir, 'home'), PATH: '/usr/sbin:/usr/bin:/sbin:/bin', BROOK_BROWSER: '/usr/bin/chromium' }
    expect(spawnSync('sh', ['-c', 'command -v node && node --version'], { env, encoding: 'utf8' }).stdout).not.toMatch(/v2[4-9]\./)
    app = launchCommand(display, path.join(root, 'usr/bin/brook-desktop'), ['--data-dir', dataDir], env)
    await waitFor('a window titled Brook', () => {
      if (app!.child.exitCode !== null) throw new Error(`brook-desktop exited ${app!.child.exitCode}:\n${app!.output()}`)
      return windowsTitled(display!, 'Brook').length === 1
    }, 90_000)
    // The window opens while the server starts (docs/desktop.md "Speed"): its line may come after.
    await waitFor('the local server started', () => app!.output().includes(`data in ${path.join(dataDir, 'server')}`), 90_000)
    const [port] = readFileSync(path.join(dataDir, 'browser/DevToolsActivePort'), 'utf8').split('\n')
    cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port.trim()}`)
    const page = await waitFor('the app page', () => cdp!.contexts().flatMap((c) => c.pages())[0])
    await page.getByRole('heading', { name: 'Sign in to Brook' }).waitFor()
    await display.screenshot('desktop-package-01-installed-window')
    await cdp.close()
    cdp = null
    display.run('/usr/bin/wmctrl', ['-c', 'Brook'])
    expect(await app.exited).toBe(0)
    expect(app.output()).toContain('stopping the local server')
  }, 120_000)
})
