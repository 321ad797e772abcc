/**
 * Imported first by main.tsx: starts the local database worker (WebAssembly, OPFS, migrations)
 * while the rest of the bundle evaluates and the language loads, so the first timeline can come
 * from the local database sooner. `startLocalFirst` later joins the same opening.
 */
import { openLocalDb } from './index.ts'

if (typeof window !== 'undefined' && typeof Worker !== 'undefined') {
  // A failure is handled (and retried) by startLocalFirst, which opens through the same call.
  openLocalDb().catch(() => undefined)
}
