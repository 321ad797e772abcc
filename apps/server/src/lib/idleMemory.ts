/**
 * Gives memory back when the server goes idle (issue #14: an idle server under 80 MB anonymous).
 * Under load V8 grows the young generation to its maximum (2 × `--max-semi-space-size`, 32 MB with
 * the start flags) and the old one past its live size, and keeps both while nothing allocates: an
 * idle process never collects again. Every `checkEveryMs` this looks at the event loop's
 * utilization; after a busy stretch (start-up counts), the first quiet interval runs one
 * memory-reducing full collection (`gc({ type: 'major', flavor: 'last-resort' })`), which shrinks
 * the young generation to its minimum and releases freed pages. It needs `--expose-gc` (the start
 * script and the Docker image pass it); without it this does nothing. One such collection takes
 * tens of milliseconds on the main thread, at most once per busy-then-quiet change.
 * @module
 */
import { performance } from 'node:perf_hooks'
import v8 from 'node:v8'

type Gc = (options: { type: 'major'; flavor: 'last-resort' }) => void

export type IdleMemoryTrim = {
  /** How many memory-reducing collections ran (tests). */
  trims(): number
  stop(): void
}

export function startIdleMemoryTrim(options: { checkEveryMs?: number; quietBelow?: number; minYoungBytes?: number } = {}): IdleMemoryTrim {
  const gc = (globalThis as { gc?: Gc }).gc
  let trims = 0
  if (typeof gc !== 'function') return { trims: () => trims, stop: () => undefined }
  const quietBelow = options.quietBelow ?? 0.02
  const minYoungBytes = options.minYoungBytes ?? 8 * 1024 * 1024
  let last = performance.eventLoopUtilization()
  let busySinceTrim = true
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization()
    const utilization = performance.eventLoopUtilization(now, last).utilization
    last = now
    if (utilization >= quietBelow) {
      busySinceTrim = true
      return
    }
    if (!busySinceTrim) return
    busySinceTrim = false
    // Nothing much to give back when the young generation is already small.
    const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
    if (young && young.space_size < minYoungBytes) return
    gc({ type: 'major', flavor: 'last-resort' })
    trims++
    // The collection itself is not activity.
    last = performance.eventLoopUtilization()
  }, options.checkEveryMs ?? 10_000)
  timer.unref()
  return { trims: () => trims, stop: () => clearInterval(timer) }
}
