/**
 * ioredis and BullMQ, loaded the first time Redis is used (REDIS_URL): a server without Redis never
 * loads them, and one with Redis only when the queue, a limit or a probe first needs them
 * (docs/performance.md, "Idle memory"). Both are CommonJS packages, so `require` and `import`
 * give the same instance.
 * @module
 */
// env.ts first: it turns msgpackr's native addon off before BullMQ loads msgpackr.
import '../env.ts'
import { lazily, requireModule } from './lazyRequire.ts'

export const ioredis = lazily(() => requireModule<typeof import('ioredis')>('ioredis'))
export const bullmq = lazily(() => requireModule<typeof import('bullmq')>('bullmq'))
