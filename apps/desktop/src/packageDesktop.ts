/**
 * `npm run desktop:package`: the desktop app as a Debian package (dpkg-deb) and a portable tar.gz
 * (docs/desktop.md). Both hold the same folder, `brook-desktop/`: the server's and the shell's
 * sources (Node 24 runs TypeScript as is), their production dependencies, the built web app, and
 * the Node runtime that runs the packager — so the package needs no Node on the user's computer,
 * only a Chromium-family browser.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { AUTOSTART_ID } from './autostart.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const desktopDir = path.join(root, 'apps/desktop')

/** The workspaces the app runs; the staged root package.json names only these (no web, bench, e2e dependencies). */
const WORKSPACES = ['packages/shared', 'apps/server', 'apps/desktop']
/** Sources the app runs (tests left out). */
const SOURCES = ['packages/shared/src', 'apps/server/src', 'apps/desktop/src']

/** dpkg-deb's compressors: xz for releases (smallest, slow), gzip or zstd for quick builds (tests). */
export type Compression = 'xz' | 'gzip' | 'zstd'

export interface PackageResult {
  deb: string
  tarball: string
  version: string
  arch: string
}

/** Debian's name for Node's architecture. */
export function debianArch(arch: string = process.arch): string {
  const map: Record<string, string> = { x64: 'amd64', arm64: 'arm64', arm: 'armhf', ia32: 'i386', ppc64: 'ppc64el', s390x: 's390x' }
  const name = map[arch]
  if (!name) throw new Error(`no Debian architecture for ${arch}`)
  return name
}

/** The launcher (`brook-desktop`): finds its folder through symlinks, runs the shell on the packaged Node. */
export function launcherScript(): string {
  return [
    '#!/bin/sh',
    '# Brook desktop (docs/desktop.md): the shell on the Node runtime packaged beside it.',
    'set -e',
    'here=$(dirname "$(readlink -f "$0")")',
    'export MSGPACKR_NATIVE_ACCELERATION_DISABLED=true',
    'exec "$here/runtime/node" "$here/apps/desktop/src/main.ts" "$@"',
    '',
  ].join('\n')
}

/** The menu entry (/usr/share/applications/org.brook.Desktop.desktop). */
export function desktopEntry(): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Brook',
    'GenericName=Feed Reader',
    'Comment=Read your feeds, online and offline',
    'Exec=brook-desktop',
    'Icon=brook',
    'Terminal=false',
    'Categories=Network;Feed;',
    'Keywords=RSS;Atom;News;Feeds;',
    'StartupWMClass=Brook',
    'StartupNotify=true',
    '',
  ].join('\n')
}

export function controlFile(options: { version: string; arch: string; installedSizeKb: number }): string {
  return [
    'Package: brook-desktop',
    `Version: ${options.version}`,
    `Architecture: ${options.arch}`,
    'Maintainer: Brook <brook@localhost>',
    `Installed-Size: ${options.installedSizeKb}`,
    // The window is a Chromium-family browser in app mode; any of these will do.
    'Depends: chromium | google-chrome-stable | microsoft-edge-stable | brave-browser',
    'Section: web',
    'Priority: optional',
    'Homepage: https://github.com/brook-reader/brook',
    'Description: Brook feed reader, desktop app',
    ' Brook in its own window: the self-hostable, offline-first feed reader with',
    ' its own server on this computer (or connected to yours), in an app window of',
    ' a Chromium-family browser. Includes the Node.js runtime it runs on.',
    '',
  ].join('\n')
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' })
  if (result.error) throw new Error(`${command}: ${result.error.message}`)
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`)
}

function copySources(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (source) => !source.endsWith('.test.ts') })
}

function folderSizeKb(dir: string): number {
  let bytes = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size
  }
  return Math.ceil(bytes / 1024)
}

export function packageDesktop(outDir: string, compression: Compression = 'xz', log: (line: string) => void = console.log): PackageResult {
  const webIndex = path.join(root, 'apps/web/dist/index.html')
  if (!fs.existsSync(webIndex)) throw new Error('apps/web/dist is missing: build the web app first (npm run build)')
  const { version } = JSON.parse(fs.readFileSync(path.join(desktopDir, 'package.json'), 'utf8')) as { version: string }
  const arch = debianArch()
  const name = `brook-desktop_${version}_${arch}`
  const stage = path.join(outDir, name)
  fs.rmSync(stage, { recursive: true, force: true })
  const app = path.join(stage, 'usr/lib/brook-desktop')
  fs.mkdirSync(app, { recursive: true })

  log('production dependencies (npm ci --omit=dev)')
  const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ ...rootPackage, workspaces: WORKSPACES }, null, 2))
  fs.copyFileSync(path.join(root, 'package-lock.json'), path.join(app, 'package-lock.json'))
  for (const workspace of WORKSPACES) {
    fs.mkdirSync(path.join(app, workspace), { recursive: true })
    fs.copyFileSync(path.join(root, workspace, 'package.json'), path.join(app, workspace, 'package.json'))
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  run(npm, ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], app)

  log('sources, the built web app, the Node runtime')
  for (const source of SOURCES) copySources(path.join(root, source), path.join(app, source))
  fs.cpSync(path.join(root, 'apps/web/dist'), path.join(app, 'apps/web/dist'), { recursive: true })
  fs.mkdirSync(path.join(app, 'runtime'))
  fs.copyFileSync(process.execPath, path.join(app, 'runtime/node'))
  fs.chmodSync(path.join(app, 'runtime/node'), 0o755)
  fs.writeFileSync(path.join(app, 'brook-desktop'), launcherScript(), { mode: 0o755 })

  // System integration: the command, the menu entry, the icons.
  fs.mkdirSync(path.join(stage, 'usr/bin'), { recursive: true })
  fs.symlinkSync('../lib/brook-desktop/brook-desktop', path.join(stage, 'usr/bin/brook-desktop'))
  const share = path.join(stage, 'usr/share')
  fs.mkdirSync(path.join(share, 'applications'), { recursive: true })
  fs.writeFileSync(path.join(share, `applications/${AUTOSTART_ID}.desktop`), desktopEntry())
  for (const [size, file] of [
    ['scalable', 'brook.svg'],
    ['256x256', 'brook-256.png'],
  ]) {
    const dir = path.join(share, 'icons/hicolor', size, 'apps')
    fs.mkdirSync(dir, { recursive: true })
    fs.copyFileSync(path.join(desktopDir, 'assets', file), path.join(dir, file.endsWith('.svg') ? 'brook.svg' : 'brook.png'))
  }

  log('portable tar.gz')
  const tarball = path.join(outDir, `brook-desktop-${version}-linux-${process.arch}.tar.gz`)
  run('tar', ['-czf', tarball, '-C', path.join(stage, 'usr/lib'), 'brook-desktop'], outDir)

  log('Debian package (dpkg-deb)')
  fs.mkdirSync(path.join(stage, 'DEBIAN'))
  fs.writeFileSync(path.join(stage, 'DEBIAN/control'), controlFile({ version, arch, installedSizeKb: folderSizeKb(path.join(stage, 'usr')) }))
  const deb = path.join(outDir, `${name}.deb`)
  run('dpkg-deb', ['--root-owner-group', `-Z${compression}`, '--build', stage, deb], outDir)
  fs.rmSync(stage, { recursive: true, force: true })
  return { deb, tarball, version, arch }
}

const USAGE = 'Usage: npm run desktop:package -- [--out <dir>] [--compression xz|gzip|zstd]   (default: dist/desktop, xz)'

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let outDir = path.join(root, 'dist/desktop')
  let compression: Compression = 'xz'
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out' && argv[i + 1]) outDir = path.resolve(argv[++i])
    else if (argv[i] === '--compression' && ['xz', 'gzip', 'zstd'].includes(argv[i + 1] ?? '')) compression = argv[++i] as Compression
    else {
      console.error(`desktop:package: unexpected ${argv[i]}\n${USAGE}`)
      process.exit(2)
    }
  }
  fs.mkdirSync(outDir, { recursive: true })
  try {
    const result = packageDesktop(outDir, compression, (line) => console.log(`[desktop:package] ${line}`))
    console.log(`[desktop:package] ${result.deb}\n[desktop:package] ${result.tarball}`)
  } catch (error) {
    console.error(`desktop:package: ${(error as Error).message}`)
    process.exit(1)
  }
}
