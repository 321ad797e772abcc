/**
 * `npm run desktop` / `brook-desktop`: Brook in its own window (docs/desktop.md). This entry turns
 * on Node's compile cache in the data folder before anything else loads, so the shell's modules
 * and the in-process server's (V8's compiled code and the TypeScript stripped of its types) are
 * reused from one launch to the next — loading the server was the largest part of a cold start.
 */
import { enableCompileCache } from 'node:module'
import path from 'node:path'
import { appDataDir } from './appDataDir.ts'
import { parseArgs } from './args.ts'
import { readDesktopEnv } from './env.ts'

try {
  const args = parseArgs(process.argv.slice(2))
  if (!args.help) enableCompileCache(path.join(path.resolve(args.dataDir ?? appDataDir(readDesktopEnv())), 'cache', 'node'))
} catch {
  // Bad arguments are the shell's to report; a folder that cannot be written only means no cache.
}
const { runShell } = await import('./shell.ts')
runShell()
