/**
 * Modules loaded the first time they are used, not at start-up: what an idle server holds in memory
 * is what it needs to serve (docs/performance.md, "Idle memory"). Synchronous (`require`, which
 * Node also answers for ES modules), so sync code paths can use it; `import type` keeps the types.
 * Use it only for a package that is loaded nowhere else at run time (one instance of it).
 * @module
 */
import { createRequire } from 'node:module'

/** A memoized loader: `const lib = lazily(() => requireModule<typeof import('x')>('x'))`. */
export function lazily<T>(load: () => T): () => T {
  let loaded: T | undefined
  return () => (loaded ??= load())
}

const require = createRequire(import.meta.url)

/** `require(name)` typed as `T`. */
export const requireModule = <T>(name: string): T => require(name) as T
