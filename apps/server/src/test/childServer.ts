/**
 * A real Brook server process (apps/server/src/main.ts) over a test database, for tests that
 * need a second process (shared state through the database) or kill one mid-way (SIGKILL).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestDatabase } from './testDatabase.ts'

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts')

export type Child = { process: ChildProcess; url: string }

/** Starts main.ts on a free port over the test database; resolves with its URL. `env` adds or overrides variables. */
export function startChild(location: TestDatabase['location'], env: Record<string, string> = {}): Promise<Child> {
  const all: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
    AUTH_RATE_LIMIT: 'false',
    RATE_LIMIT: 'false',
    FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
    DATA_DIR: location.DATA_DIR,
    ...(location.DATABASE_URL ? { DATABASE_URL: location.DATABASE_URL } : {}),
    ...env,
  }
  const child = spawn(process.execPath, [MAIN], { env: all, stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    let out = ''
    // A server that never says it is running is killed, not left behind.
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not start: ${out}`))
    }, 30_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const match = /running at (http:\/\/\S+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve({ process: child, url: match[1].replace('localhost', '127.0.0.1') })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}): ${out}`))
    })
  })
}

/** SIGKILL: the process gets no chance to finish anything. */
export function kill(child: Child | undefined): Promise<void> {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve())
    child.process.kill('SIGKILL')
  })
}
