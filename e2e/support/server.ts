/**
 * Starts a real Brook server for browser tests: builds the web app when stale, picks a free
 * port, runs `apps/server/src/main.ts` on this Node with a fresh data directory, waits until
 * `/api/status/configs` answers, and stops it (and removes the data) afterwards.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const READY_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 5_000

export interface BrookServer {
  url: string
  port: number
  dataDir: string
  /** Everything the server printed so far. */
  output: () => string
  stop: () => Promise<void>
}

/** Builds apps/web/dist if it is missing or older than its sources. */
export function ensureWebBuild(): void {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/ensure-web-build.mjs')], { cwd: repoRoot, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status})`)
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitUntilReady(url: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  let lastError = ''
  while (Date.now() < deadline) {
    const exit = exited()
    if (exit) throw new Error(`server exited before it was ready (${exit})`)
    try {
      const response = await fetch(`${url}/api/status/configs`)
      if (response.ok) {
        const body = (await response.json()) as { code?: number }
        if (body.code === 0) return
        lastError = `code ${body.code}`
      } else {
        lastError = `HTTP ${response.status}`
      }
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server not ready after ${READY_TIMEOUT_MS} ms: ${lastError}`)
}

/** Where a server runs: a given port and data folder bring the same server back after a stop (`keepData`). */
export interface ServerPlace {
  port?: number
  dataDir?: string
  /** `stop()` leaves the data folder (the caller removes it). */
  keepData?: boolean
}

/** Starts a server; extra environment variables override the defaults. */
export async function startServer(extraEnv: Record<string, string> = {}, place: ServerPlace = {}): Promise<BrookServer> {
  ensureWebBuild()
  const port = place.port ?? (await freePort())
  const dataDir = place.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'brook-e2e-')))
  const url = `http://localhost:${port}`
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let exit: string | null = null
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = `code ${code}, signal ${signal}`
      resolve()
    })
  })

  const stop = async () => {
    if (exit === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(timer)
    }
    if (!place.keepData) await rm(dataDir, { recursive: true, force: true })
  }

  try {
    await waitUntilReady(url, () => exit)
  } catch (error) {
    await stop()
    throw new Error(`${error instanceof Error ? error.message : error}\n--- server output ---\n${output}`, { cause: error })
  }
  return { url, port, dataDir, output: () => output, stop }
}
