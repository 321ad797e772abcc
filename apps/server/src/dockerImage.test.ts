/**
 * The container image's contract, run the way the image runs it. No container engine can run on
 * these machines (docs/operations.md), so this reads the Dockerfile's runtime stage — its ENV,
 * WORKDIR layout, CMD and HEALTHCHECK — and executes exactly those command lines from the
 * repository root (the image's /app has the same layout), with only DATA_DIR moved to a
 * temporary folder.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8')

/** The instructions of the last stage, with line continuations joined. */
function runtimeStage(): string[] {
  const joined = dockerfile.replace(/\\\n\s*/g, ' ')
  const stages = joined.split(/^FROM /m)
  return stages[stages.length - 1].split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
}

const stage = runtimeStage()
const instruction = (name: string) => stage.filter((l) => l.startsWith(`${name} `)).map((l) => l.slice(name.length + 1).trim())
const env: Record<string, string> = {}
for (const line of instruction('ENV')) for (const m of line.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[m[1]] = m[2]
const cmd = JSON.parse(instruction('CMD')[0]) as string[]
const healthcheck = JSON.parse(instruction('HEALTHCHECK')[0].replace(/^.*?CMD /, '')) as string[]

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-image-'))
let server: ChildProcess | null = null
afterAll(() => {
  server?.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

/** Runs an image command line: `node` is this Node (24), paths are relative to /app = the repository root. */
function run(argv: string[], extraEnv: Record<string, string>): ChildProcess {
  const [program, ...args] = argv
  expect(program).toBe('node')
  return spawn(process.execPath, args, { cwd: root, env: { PATH: process.env.PATH, ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] })
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

it('declares what a self-hoster relies on: non-root user, /data volume, port 3000, production settings', () => {
  expect(instruction('USER')).toEqual(['node'])
  expect(instruction('VOLUME')).toEqual(['["/data"]'])
  expect(instruction('EXPOSE')).toEqual(['3000'])
  expect(env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data', PORT: '3000', HOST: '0.0.0.0' })
  // The files CMD and HEALTHCHECK run are copied into the image.
  for (const file of [...cmd, ...healthcheck].filter((a) => a.endsWith('.ts'))) {
    expect(stage.some((l) => l.startsWith('COPY') && l.includes(path.dirname(file).split('/').slice(0, 3).join('/'))), file).toBe(true)
  }
})

it('starts with the image CMD, answers /healthz, passes the image HEALTHCHECK, stops on SIGTERM, then fails it', { timeout: 180_000 }, async () => {
  const port = String(await freePort())
  const settings = { DATA_DIR: dataDir, PORT: port, LOG_LEVEL: 'warn', AUTH_SECRET: 'i'.repeat(40), ENV_FILE: path.join(dataDir, 'none.env') }
  server = run(cmd, settings)
  let output = ''
  server.stdout!.on('data', (d) => (output += d))
  server.stderr!.on('data', (d) => (output += d))
  const deadline = Date.now() + 120_000
  while (!output.includes('Brook is running')) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the image command did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const health = await fetch(`http://127.0.0.1:${port}/healthz`)
  expect(health.status).toBe(200)
  expect(fs.existsSync(path.join(dataDir, 'brook.db'))).toBe(true)

  const check = run(healthcheck, settings)
  expect(await exitOf(check)).toBe(0)

  const stopped = exitOf(server)
  server.kill('SIGTERM')
  expect(await stopped).toBe(0)
  server = null
  const after = run(healthcheck, settings)
  expect(await exitOf(after)).toBe(1)
})
