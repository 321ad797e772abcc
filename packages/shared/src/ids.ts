/**
 * Snowflake-style 64-bit ids carried as decimal strings (SPEC §4 "Id validity"):
 * 42 bits of milliseconds since EPOCH, 10 worker bits, 12 sequence bits.
 */
export const ID_EPOCH = Date.UTC(2024, 0, 1)
const WORKER_BITS = 10n
const SEQUENCE_BITS = 12n
const MAX_SEQUENCE = (1n << SEQUENCE_BITS) - 1n
const MAX_INT64 = (1n << 63n) - 1n
const MIN_YEAR = 2024
const MAX_YEAR = 2050

/** Makes ids for one worker; ids from one generator are strictly increasing. */
export function createIdGenerator(workerId = 0, now: () => number = Date.now): () => string {
  if (!Number.isInteger(workerId) || workerId < 0 || workerId >= 1 << Number(WORKER_BITS)) {
    throw new RangeError(`workerId must be an integer in [0, ${(1 << Number(WORKER_BITS)) - 1}]`)
  }
  let lastMs = -1
  let sequence = 0n
  return () => {
    let ms = Math.max(now(), lastMs)
    if (ms === lastMs) {
      sequence = (sequence + 1n) & MAX_SEQUENCE
      // Sequence exhausted within this millisecond: borrow the next one.
      if (sequence === 0n) ms = lastMs + 1
    } else {
      sequence = 0n
    }
    lastMs = ms
    const id = (BigInt(ms - ID_EPOCH) << (WORKER_BITS + SEQUENCE_BITS)) | (BigInt(workerId) << SEQUENCE_BITS) | sequence
    return id.toString()
  }
}

/** The millisecond timestamp embedded in an id. */
export function idTimestamp(id: string): number {
  return Number(BigInt(id) >> (WORKER_BITS + SEQUENCE_BITS)) + ID_EPOCH
}

/** SPEC §4: 13–19 digits, embedded timestamp in 2024–2050, within signed 64-bit. */
export function isValidId(id: unknown): id is string {
  if (typeof id !== 'string' || !/^\d{13,19}$/.test(id)) return false
  const n = BigInt(id)
  if (n > MAX_INT64) return false
  const year = new Date(idTimestamp(id)).getUTCFullYear()
  return year >= MIN_YEAR && year <= MAX_YEAR
}

/** The process-wide generator (worker 0 unless configured). */
let defaultGenerator = createIdGenerator(0)

/** Sets the worker bits of the process-wide generator (distinct per process when several run). */
export function setIdWorker(workerId: number): void {
  defaultGenerator = createIdGenerator(workerId)
}

/** A new id from the process-wide generator. */
export function newId(): string {
  return defaultGenerator()
}
