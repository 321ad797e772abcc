/** Entry point: reads the environment, starts the roles named in SERVICES, prints the URL. */
import { EnvError, loadEnvFile, parseEnv } from './env.ts'
import { startIdleMemoryTrim } from './lib/idleMemory.ts'
import { startBrook } from './server.ts'

async function main(): Promise<void> {
  let env
  try {
    loadEnvFile()
    env = parseEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const brook = await startBrook(env)
  if (env.SERVICES.includes('web')) console.log(`Brook is running at ${env.PUBLIC_URL ?? brook.url}`)
  else console.log(`Brook is running (${env.SERVICES.join(', ')}; no web role in this process)`)
  // Memory back to the system when the server goes quiet (needs --expose-gc, as the start script has).
  const trim = startIdleMemoryTrim()
  const stop = async () => {
    // Past the deadline (and a second for the database to close) the process exits anyway.
    setTimeout(() => {
      console.error(`Brook did not stop within ${env.SHUTDOWN_TIMEOUT_MS} ms; exiting`)
      process.exit(1)
    }, env.SHUTDOWN_TIMEOUT_MS + 1000).unref()
    trim.stop()
    await brook.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error) => {
  console.error('Brook failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
