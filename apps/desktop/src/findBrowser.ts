/**
 * Finds a Chromium-family browser already on the computer (Chromium, Chrome, Edge, Brave) on
 * Linux, macOS and Windows paths. BROOK_BROWSER (or --browser) wins over the search.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { DesktopEnv } from './env.ts'

const LINUX_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge', 'microsoft-edge-stable', 'brave-browser', 'brave']

const MAC_APPS = [
  'Google Chrome.app/Contents/MacOS/Google Chrome',
  'Chromium.app/Contents/MacOS/Chromium',
  'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
  'Brave Browser.app/Contents/MacOS/Brave Browser',
]

const WINDOWS_SUFFIXES = [
  'Google\\Chrome\\Application\\chrome.exe',
  'Microsoft\\Edge\\Application\\msedge.exe',
  'BraveSoftware\\Brave-Browser\\Application\\brave.exe',
  'Chromium\\Application\\chrome.exe',
]

/** Every place looked at, in order. */
export function browserCandidates(env: Pick<DesktopEnv, 'platform' | 'home' | 'path' | 'localAppData' | 'programFiles' | 'programFilesX86'>): string[] {
  if (env.platform === 'darwin') {
    return [...MAC_APPS.map((app) => path.posix.join('/Applications', app)), ...MAC_APPS.map((app) => path.posix.join(env.home, 'Applications', app))]
  }
  if (env.platform === 'win32') {
    const roots = [env.programFiles ?? 'C:\\Program Files', env.programFilesX86 ?? 'C:\\Program Files (x86)', env.localAppData].filter((r): r is string => Boolean(r))
    return roots.flatMap((root) => WINDOWS_SUFFIXES.map((suffix) => path.win32.join(root, suffix)))
  }
  const dirs = env.path.split(':').filter(Boolean)
  return [...LINUX_NAMES.flatMap((name) => dirs.map((dir) => path.posix.join(dir, name))), '/snap/bin/chromium']
}

export class NoBrowserError extends Error {
  constructor(looked: string[]) {
    super(
      'Brook needs a Chromium-family browser (Chromium, Google Chrome, Microsoft Edge or Brave) and found none.\n' +
        'Install one (on Debian/Ubuntu: sudo apt-get install chromium), or name it with --browser <path> or BROOK_BROWSER.\n' +
        `Looked at: ${looked.slice(0, 8).join(', ')}${looked.length > 8 ? ', …' : ''}`,
    )
  }
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

/** The browser to drive; throws NoBrowserError naming what to install. */
export function findBrowser(env: Parameters<typeof browserCandidates>[0] & Pick<DesktopEnv, 'browser'>, exists: (file: string) => boolean = isExecutable): string {
  if (env.browser) {
    if (exists(env.browser)) return env.browser
    throw new NoBrowserError([env.browser])
  }
  const candidates = browserCandidates(env)
  const found = candidates.find(exists)
  if (!found) throw new NoBrowserError(candidates)
  return found
}
