/**
 * feedsmith (about 150 modules with fast-xml-parser underneath), loaded at the first feed or OPML
 * parse instead of when the server starts: the desktop app's cold launch waits for the server's
 * import graph (docs/desktop.md, "Speed"). Every run-time use of feedsmith goes through this loader
 * (one instance, its `require` build); elsewhere only `import type`.
 * @module
 */
import { lazily, requireModule } from '../../lib/lazyRequire.ts'

export const feedsmith = lazily(() => requireModule<typeof import('feedsmith')>('feedsmith'))
