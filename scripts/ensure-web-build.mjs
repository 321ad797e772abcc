#!/usr/bin/env node
// Builds the web app before the server starts (`npm start`) when apps/web/dist is missing or
// older than any of its sources. Plain JS so it runs before anything else is set up.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const builtIndex = path.join(root, 'apps/web/dist/index.html')
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
].map((p) => path.join(root, p))

/** The newest modification time under a file or folder (0 when absent). */
function newestMtime(target) {
  let stat
  try {
    stat = statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)))
  }
  return newest
}

/** Why a build is needed, or null when dist is up to date. */
export function staleReason() {
  if (!existsSync(builtIndex)) return 'apps/web/dist/index.html is missing'
  const builtAt = statSync(builtIndex).mtimeMs
  for (const source of sources) {
    if (newestMtime(source) > builtAt) return `${path.relative(root, source)} changed since the last build`
  }
  return null
}

/** Builds the web app when stale; throws when the build fails. */
export function ensureWebBuild() {
  const reason = staleReason()
  if (!reason) return false
  console.log(`[brook] building the web app: ${reason}`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  // NODE_ENV=production whatever the caller runs under: Vite honours an inherited NODE_ENV, and a
  // build started from Vitest (NODE_ENV=test) would otherwise ship React's development build.
  const env = { ...process.env, NODE_ENV: 'production' }
  const result = spawnSync(npm, ['run', 'build', '-w', '@brook/web'], { cwd: root, stdio: 'inherit', env, shell: process.platform === 'win32' })
  if (result.error) throw result.error
  if (result.status !== 0) throw new Error(`web build failed with exit code ${result.status}`)
  return true
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureWebBuild()
  } catch (error) {
    console.error(`[brook] ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
