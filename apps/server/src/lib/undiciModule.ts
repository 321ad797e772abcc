/**
 * undici (Brook's HTTP client: the fetcher's agents, webhooks, pushes, integrations), loaded at the
 * first outgoing request instead of at start-up (docs/performance.md, "Idle memory"). A CommonJS
 * package, so `require` and `import` give the same instance (the same Agent class, the same
 * global dispatcher).
 * @module
 */
import { lazily, requireModule } from './lazyRequire.ts'

export const undici = lazily(() => requireModule<typeof import('undici')>('undici'))
