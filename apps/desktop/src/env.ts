/**
 * The only reader of process.env in the desktop shell: where the user's folders are, which
 * browser to prefer, and the variables handed on to the in-process server.
 */
import os from 'node:os'

export interface DesktopEnv {
  platform: NodeJS.Platform
  home: string
  /** XDG_DATA_HOME / XDG_CONFIG_HOME (Linux), APPDATA / LOCALAPPDATA / ProgramFiles (Windows). */
  xdgDataHome?: string
  xdgConfigHome?: string
  appData?: string
  localAppData?: string
  programFiles?: string
  programFilesX86?: string
  /** The PATH searched for a browser. */
  path: string
  /** BROOK_BROWSER: a browser executable that wins over the search. */
  browser?: string
  /** BROOK_BROWSER_FLAGS: more command-line flags for the window's browser, space-separated (e.g. `--disable-gpu` on a display without a GPU). */
  browserFlags: string[]
  /** BROOK_DESKTOP_NOTIFY_POLL_SECONDS: how often the window looks for new entries to notify (default 60). */
  notifyPollSeconds?: number
  /** BROOK_DESKTOP_TRACE=1: the shell prints when each start-up phase ended (bench/desktop reads it). */
  trace: boolean
  /** DBUS_SESSION_BUS_ADDRESS: the session bus the unread badge is announced on (Linux). */
  dbusSession?: string
  /** Everything else, for the server started in-process (its own env.ts parses it). */
  server: Record<string, string | undefined>
}

/** Reads the desktop's view of the environment (a record can stand in for process.env in tests). */
export function readDesktopEnv(source: Record<string, string | undefined> = process.env, platform: NodeJS.Platform = process.platform): DesktopEnv {
  const value = (name: string) => (source[name] ? source[name] : undefined)
  return {
    platform,
    home: value('HOME') ?? value('USERPROFILE') ?? os.homedir(),
    xdgDataHome: value('XDG_DATA_HOME'),
    xdgConfigHome: value('XDG_CONFIG_HOME'),
    appData: value('APPDATA'),
    localAppData: value('LOCALAPPDATA'),
    programFiles: value('ProgramFiles') ?? value('PROGRAMFILES'),
    programFilesX86: value('ProgramFiles(x86)'),
    path: value('PATH') ?? value('Path') ?? '',
    browser: value('BROOK_BROWSER'),
    browserFlags: (value('BROOK_BROWSER_FLAGS') ?? '').split(/\s+/).filter((flag) => flag.startsWith('--')),
    notifyPollSeconds: Number(value('BROOK_DESKTOP_NOTIFY_POLL_SECONDS')) > 0 ? Number(value('BROOK_DESKTOP_NOTIFY_POLL_SECONDS')) : undefined,
    trace: value('BROOK_DESKTOP_TRACE') === '1',
    dbusSession: value('DBUS_SESSION_BUS_ADDRESS'),
    server: { ...source },
  }
}
