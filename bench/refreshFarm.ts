/**
 * The loopback feed farm in its own process for `bench/refresh.ts`, so serving 10,000 feeds does
 * not count against Brook's CPU or memory. Prints its origin as one JSON line, then serves until
 * its stdin closes (the parent exited) or it gets SIGTERM.
 */
import { startFeedFarm } from '../apps/server/src/test/feedFarm.ts'

const farm = await startFeedFarm()
process.stdout.write(`${JSON.stringify({ origin: farm.origin })}\n`)

const stop = async () => {
  process.stdout.write(`${JSON.stringify({ requests: farm.totalRequests() })}\n`)
  await farm.close()
  process.exit(0)
}
process.stdin.on('end', stop)
process.stdin.resume()
process.once('SIGTERM', stop)
