#!/usr/bin/env node
// The installed `brook-desktop` command: builds the web app when stale, then runs the shell on this Node (>= 22.12).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-web-build.mjs')], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)
const run = spawnSync(process.execPath, [path.join(root, 'apps/desktop/src/main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(run.status ?? 1)
