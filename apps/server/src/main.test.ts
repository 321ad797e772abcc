/**
 * The server process as `npm start` runs it: configuration from an env file, and a SIGTERM that
 * stops it within SHUTDOWN_TIMEOUT_MS even while a client holds a request open.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts')
let child: ChildProcess | null = null
let dir: string | null = null

afterEach(() => {
  child?.kill('SIGKILL')
  child = null
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
  dir = null
})

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

/** Starts main.ts with only ENV_FILE (and PATH) in its environment; resolves once it listens. */
async function startFromEnvFile(lines: string[]): Promise<{ output: () => string; exited: Promise<number | null> }> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-main-'))
  const envFile = path.join(dir, 'brook.env')
  fs.writeFileSync(envFile, `${lines.join('\n')}\nDATA_DIR=${dir}\n`)
  let output = ''
  child = spawn(process.execPath, [mainFile], { env: { PATH: process.env.PATH, ENV_FILE: envFile }, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)))
  const deadline = Date.now() + 30_000
  while (!output.includes('Brook is running')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  return { output: () => output, exited }
}

it('reads its configuration from the env file and stops on SIGTERM within the deadline despite a held request', async () => {
  const port = await freePort()
  const started = await startFromEnvFile([`PORT=${port}`, 'HOST=127.0.0.1', 'LOG_LEVEL=silent', 'SHUTDOWN_TIMEOUT_MS=1500', `AUTH_SECRET=${'s'.repeat(40)}`])
  expect(started.output()).toContain(`http://localhost:${port}`)

  // A client that announces a body and never sends it keeps its request open (sign-in reads the body).
  const held = net.connect(port, '127.0.0.1')
  await new Promise<void>((resolve) => held.once('connect', () => resolve()))
  held.write('POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":')
  const heldClosed = new Promise<void>((resolve) => held.once('close', () => resolve()))
  held.on('error', () => {})
  await new Promise((r) => setTimeout(r, 200))

  const t0 = Date.now()
  child!.kill('SIGTERM')
  const code = await started.exited
  const took = Date.now() - t0
  expect(code).toBe(0)
  expect(took).toBeGreaterThanOrEqual(1400) // it waited for the request…
  expect(took).toBeLessThan(8000) // …but not for the 10 s default, nor forever
  await heldClosed
})

it('stops at once when nothing is in flight', async () => {
  const port = await freePort()
  const started = await startFromEnvFile([`PORT=${port}`, 'HOST=127.0.0.1', 'LOG_LEVEL=silent', `AUTH_SECRET=${'s'.repeat(40)}`])
  // An idle keep-alive connection does not hold the stop.
  const agentAnswer = await fetch(`http://127.0.0.1:${port}/api/status/configs`)
  expect(agentAnswer.status).toBe(200)
  const t0 = Date.now()
  child!.kill('SIGTERM')
  expect(await started.exited).toBe(0)
  expect(Date.now() - t0).toBeLessThan(5000)
})
