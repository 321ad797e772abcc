import { execFileSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * A child process with the start script's young-generation size allocates like a busy server, then
 * goes quiet with the trim running; it reports the young generation's committed size before and
 * after, and how many memory-reducing collections ran.
 */
function runChild(flags: string[], waitMs: number): { before: number; after: number; trims: number } {
  const module = pathToFileURL(new URL('./idleMemory.ts', import.meta.url).pathname).href
  const script = `
    import v8 from 'node:v8'
    import { startIdleMemoryTrim } from ${JSON.stringify(module)}
    const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size
    let keep = []
    for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 2e5) keep = [] }
    keep = null
    const before = young()
    const trim = startIdleMemoryTrim({ checkEveryMs: 100 })
    const deadline = Date.now() + ${waitMs}
    while (trim.trims() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    trim.stop()
    process.stdout.write(JSON.stringify({ before, after: young(), trims: trim.trims() }))
  `
  const out = execFileSync(process.execPath, [...flags, '--max-semi-space-size=16', '--input-type=module', '-e', script], { encoding: 'utf8' })
  return JSON.parse(out) as { before: number; after: number; trims: number }
}

describe('idle memory trim', () => {
  it('gives the young generation back once the process goes quiet', { timeout: 60_000 }, () => {
    const r = runChild(['--expose-gc'], 30_000)
    expect(r.before).toBeGreaterThanOrEqual(16 * 1024 * 1024)
    expect(r.trims).toBe(1)
    expect(r.after).toBeLessThanOrEqual(4 * 1024 * 1024)
  })

  it('does nothing without --expose-gc', () => {
    // Ten quiet intervals in which a trim would have run.
    const r = runChild([], 1000)
    expect(r.trims).toBe(0)
    expect(r.after).toBe(r.before)
  })
})
