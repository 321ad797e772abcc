/**
 * One running app per data folder: the first launch writes desktop.lock (its pid and the port of a
 * loopback control server); a second launch asks that server to focus the window and exits.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

export interface InstanceLock {
  /** Called when a second launch asks the running one to show itself. */
  onFocus(handler: () => Promise<void>): void
  release(): Promise<void>
}

interface LockContent {
  pid: number
  port: number
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function askToFocus(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/focus`, { method: 'POST', signal: AbortSignal.timeout(5000) })
    return response.ok
  } catch {
    return false
  }
}

/**
 * Takes the lock, or — when another launch holds it and answers — focuses that one and returns
 * null. A lock left by a dead process is taken over.
 */
export async function acquireInstance(dataDir: string): Promise<InstanceLock | null> {
  const file = path.join(dataDir, 'desktop.lock')
  let handler: () => Promise<void> = async () => {}
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/focus') {
      handler().then(
        () => response.writeHead(204).end(),
        (error) => response.writeHead(500).end(String(error)),
      )
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const content: LockContent = { pid: process.pid, port: (server.address() as AddressInfo).port }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(content), { flag: 'wx' })
      return {
        onFocus: (h) => void (handler = h),
        async release() {
          try {
            const current = JSON.parse(fs.readFileSync(file, 'utf8')) as LockContent
            if (current.pid === process.pid) fs.rmSync(file, { force: true })
          } catch {}
          await new Promise<void>((resolve) => server.close(() => resolve()))
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        server.close()
        throw error
      }
    }
    let other: LockContent | null = null
    try {
      other = JSON.parse(fs.readFileSync(file, 'utf8'))
    } catch {}
    if (other && other.pid !== process.pid && alive(other.pid) && (await askToFocus(other.port))) {
      server.close()
      return null
    }
    // Stale (the holder died or does not answer): take it over.
    fs.rmSync(file, { force: true })
  }
  server.close()
  throw new Error(`cannot take ${file}`)
}
