import net from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { parseEnv } from './env.ts'
import { startBrook, type RunningBrook } from './server.ts'
import { createTestDatabase, type TestDatabase } from './test/testDatabase.ts'
import { createLogger } from './lib/logger.ts'

let running: RunningBrook | null = null
let database: TestDatabase | null = null
afterEach(async () => {
  await running?.close()
  await database?.dispose()
  running = null
  database = null
})

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

it('a worker-only process serves no HTTP', async () => {
  database = await createTestDatabase('sqlite')
  const port = await freePort()
  const env = parseEnv({ SERVICES: 'worker', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: database.location.DATA_DIR, LOG_LEVEL: 'silent', AUTH_SECRET: 'x'.repeat(40) })
  running = await startBrook(env, { database, logger: createLogger('silent') })
  expect(running.url).toBe('')
  await expect(fetch(`http://127.0.0.1:${port}/api/status/configs`)).rejects.toThrow()
})
