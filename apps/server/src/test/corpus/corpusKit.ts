/**
 * Test support for the corpus suites (gofeed, feedparser): where the corpora live, walking them,
 * and reconciling a run's failures with a checked-in known-failures list. Not used at runtime.
 */
import fs from 'node:fs'
import path from 'node:path'

/** The repository root (…/main). */
export const repoRoot = path.resolve(import.meta.dirname, '../../../../..')

/** The shared corpora folder, read in place (never copied into the repository). */
export const corporaRoot = path.resolve(repoRoot, '../shared/corpora')

/** Absolute path of a corpus folder, or null when it is not on this machine. */
export function corpusDir(...parts: string[]): string | null {
  const dir = path.join(corporaRoot, ...parts)
  return fs.existsSync(dir) ? dir : null
}

/** Every file under `dir`, sorted, as absolute paths. */
export function walk(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...walk(p))
    else out.push(p)
  }
  return out.sort()
}

/** `{ "<case id>": "<reason>" }` — failures we understand and accept, each with why. */
export type KnownFailures = Record<string, string>

export function readKnownFailures(file: string): KnownFailures {
  if (!fs.existsSync(file)) return {}
  return JSON.parse(fs.readFileSync(file, 'utf8')) as KnownFailures
}

export type Reconciled = {
  /** Failed and not on the list: these fail the test. */
  unexpected: string[]
  /** On the list and now passing: worth taking off the list. */
  nowPassing: string[]
}

/**
 * Compares the failing case ids of a run with the known list.
 * `ran` holds every case id that was evaluated, so that list entries for cases that did not run
 * (another folder, a skipped corpus) are not reported as passing.
 */
export function reconcile(failed: Map<string, string>, ran: Set<string>, known: KnownFailures): Reconciled {
  const unexpected = [...failed.keys()].filter((id) => !(id in known)).map((id) => `${id}: ${failed.get(id)}`)
  const nowPassing = Object.keys(known).filter((id) => ran.has(id) && !failed.has(id))
  return { unexpected, nowPassing }
}

/** Writes the known-failures file from a run (used by `UPDATE_KNOWN_FAILURES=1`), keeping existing reasons. */
export function writeKnownFailures(file: string, failed: Map<string, string>, reasonFor: (id: string, detail: string) => string, keep: KnownFailures = {}, ran?: Set<string>): void {
  const out: KnownFailures = {}
  for (const [id, reason] of Object.entries(keep)) if (ran && !ran.has(id)) out[id] = reason
  for (const [id, detail] of [...failed.entries()].sort(([a], [b]) => a.localeCompare(b))) out[id] = keep[id] ?? reasonFor(id, detail)
  const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)))
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`)
}
