/**
 * Build-time help for the offline app shell:
 * - emits `dist/sw.js` from `sw.js` with the list of every file of the build (so the whole app
 *   shell, the database worker and its WebAssembly included, is cached at install) and a version
 *   derived from those names (a new build replaces the old cache);
 * - starts the local database worker from index.html itself, so WebAssembly and OPFS get ready
 *   while the app's bundle is still loading (`db/index.ts` adopts that worker).
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

/** Files of public/ the shell needs offline (the installed app's manifest and icons included). */
const PUBLIC_FILES = ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-192.png', '/icons/icon-maskable-512.png']

export function brookServiceWorker(): Plugin {
  return {
    name: 'brook-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => !name.endsWith('.map') && name !== 'sw.js')
      const precache = ['/index.html', ...files.filter((f) => f !== 'index.html').map((f) => `/${f}`), ...PUBLIC_FILES]
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12)
      const template = readFileSync(new URL('./sw.js', import.meta.url), 'utf8')
      const source = template
        .replace("const VERSION = '__BROOK_VERSION__'", `const VERSION = ${JSON.stringify(version)}`)
        .replace('const PRECACHE = __BROOK_PRECACHE__', `const PRECACHE = ${JSON.stringify(precache)}`)
      this.emitFile({ type: 'asset', fileName: 'sw.js', source })
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const worker = Object.keys(ctx.bundle ?? {}).find((name) => /(^|\/)sqlite\.worker-[\w-]+\.js$/.test(name))
        if (!worker) return html
        const start = `try{window.${PRESTARTED_WORKER}=new Worker(${JSON.stringify(`/${worker}`)},{type:'module',name:'brook-local-db'})}catch(e){}`
        return { html, tags: [{ tag: 'script', children: start, injectTo: 'head' }] }
      },
    },
  }
}

/** The global under which index.html leaves the database worker it started. */
export const PRESTARTED_WORKER = '__brookDbWorker'
