/** The desktop command line: `brook-desktop [--server URL | --local] [--data-dir DIR] [--browser PATH]`. */
export interface DesktopArgs {
  server?: string
  /** Forget a remembered --server and use the local server again. */
  local: boolean
  dataDir?: string
  browser?: string
  help: boolean
  /** Write (on) or remove (off) the autostart entry, then exit (appLaunchOnStartup). */
  launchOnStartup?: 'on' | 'off'
}

export class ArgsError extends Error {}

export const USAGE = `Usage: brook-desktop [options]
  --server <url>     use a remote Brook instance (remembered); default: Brook's own server on this computer
  --local            forget a remembered --server and use the local server
  --data-dir <dir>   where the app keeps its data (default: the user's application-data folder)
  --browser <path>   the Chromium-family browser to use (default: searched; or BROOK_BROWSER)
  --launch-on-startup on|off   write or remove the autostart entry (XDG autostart on Linux), then exit
  --help             this text`

export function parseArgs(argv: string[]): DesktopArgs {
  const args: DesktopArgs = { local: false, help: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    const value = () => {
      const v = inline ?? argv[++i]
      if (!v) throw new ArgsError(`${flag} needs a value\n${USAGE}`)
      return v
    }
    if (flag === '--server') {
      const url = value()
      if (!/^https?:\/\/[^/]+/.test(url)) throw new ArgsError(`--server must be an http:// or https:// address, got "${url}"`)
      args.server = url.replace(/\/+$/, '')
    } else if (flag === '--local') args.local = true
    else if (flag === '--data-dir') args.dataDir = value()
    else if (flag === '--browser') args.browser = value()
    else if (flag === '--launch-on-startup') {
      const v = value()
      if (v !== 'on' && v !== 'off') throw new ArgsError(`--launch-on-startup takes on or off, got "${v}"`)
      args.launchOnStartup = v
    } else if (flag === '--help' || flag === '-h') args.help = true
    else throw new ArgsError(`unknown option ${arg}\n${USAGE}`)
  }
  return args
}
