/**
 * Leases this process's worker id from the database (docs/operations.md, "Worker ids"). Ids are
 * snowflakes with 10 worker bits: two processes writing to one database with the same worker id
 * can make the same id in the same millisecond. Each process therefore holds the lowest free id
 * of 0–1023 for as long as it runs, renewed every `renewEveryMs`; a process that died frees its id
 * when its lease expires. A process that finds its lease gone (it was paused past the expiry and
 * another took the id) leases another id at once and makes ids with that one from then on.
 */
import { randomUUID } from 'node:crypto'
import type { Logger } from '../../lib/logger.ts'
import type { WorkerLeasesRepo } from './repo.ts'

export const WORKER_ID_COUNT = 1024

export interface WorkerLease {
  /** The id held now (it changes only when the lease was lost). */
  readonly workerId: number
  /** Renews the lease at once (a timer does it every `renewEveryMs`); takes another id if it was lost. */
  renew(): Promise<void>
  /** Stops renewing and frees the id. */
  close(): Promise<void>
}

export interface LeaseOptions {
  repo: WorkerLeasesRepo
  logger: Logger
  /** Called with the id to make ids with: at once, and again if the lease had to be taken anew. */
  use: (workerId: number) => void
  ttlMs?: number
  renewEveryMs?: number
  now?: () => number
}

export class NoFreeWorkerIdError extends Error {
  constructor() {
    super(`all ${WORKER_ID_COUNT} worker ids are leased by running processes; set WORKER_ID by hand or stop some processes`)
  }
}

async function claimLowestFree(repo: WorkerLeasesRepo, holder: string, now: number, ttlMs: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    await repo.dropExpired(new Date(now).toISOString())
    const held = new Set(await repo.heldIds())
    let free = -1
    for (let id = 0; id < WORKER_ID_COUNT; id++) {
      if (!held.has(id)) {
        free = id
        break
      }
    }
    if (free < 0) throw new NoFreeWorkerIdError()
    // Another process starting at the same moment may take it first: then look again.
    if (await repo.claim(free, holder, new Date(now + ttlMs).toISOString())) return free
  }
  throw new NoFreeWorkerIdError()
}

export async function leaseWorkerId(options: LeaseOptions): Promise<WorkerLease> {
  const { repo, logger, use } = options
  const ttlMs = options.ttlMs ?? 10 * 60_000
  const renewEveryMs = options.renewEveryMs ?? 60_000
  const now = options.now ?? Date.now
  const holder = randomUUID()
  let workerId = await claimLowestFree(repo, holder, now(), ttlMs)
  use(workerId)
  let closed = false
  let renewing: Promise<void> = Promise.resolve()

  const renew = async () => {
    try {
      if (await repo.renew(workerId, holder, new Date(now() + ttlMs).toISOString())) return
      const lost = workerId
      workerId = await claimLowestFree(repo, holder, now(), ttlMs)
      use(workerId)
      logger.warn({ lost, workerId }, 'worker id lease was lost (process paused past its expiry?); leased another')
    } catch (error) {
      // The database is away for a moment: the lease has minutes left, the next round tries again.
      logger.warn({ err: error, workerId }, 'could not renew the worker id lease')
    }
  }
  const timer = setInterval(() => {
    if (!closed) renewing = renew()
  }, renewEveryMs)
  timer.unref()

  return {
    get workerId() {
      return workerId
    },
    renew() {
      renewing = renew()
      return renewing
    },
    async close() {
      if (closed) return
      closed = true
      clearInterval(timer)
      await renewing
      await repo.release(workerId, holder).catch((error: unknown) => logger.warn({ err: error }, 'could not free the worker id lease'))
    },
  }
}
