/**
 * /api/docs: a readable reference of /api/openapi.json (Swagger UI). Its scripts and styles come
 * from the swagger-ui-dist package and are served by Brook itself — the page loads nothing from
 * another host, so it works offline and on an instance with no way out.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { Hono } from 'hono'
import type { AppEnv } from './context.ts'

const require = createRequire(import.meta.url)
const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'))

/** The package files the page uses, with their types. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Brook API reference</title>
<link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
<style>body { margin: 0 } .swagger-ui .topbar { display: none }</style>
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`

// No validator badge (it would call an outside service); deep links so a route can be shared.
// Sections start folded: with 25 tags and ~200 routes, Swagger UI 5.35 listing every section at
// once stopped silently after the first eight routes (no error in the page); folded, every
// section shows and opens on a click.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null, docExpansion: 'none', defaultModelsExpandDepth: 0, tryItOutEnabled: false })\n`

/** The reference page and its assets, mounted at /api/docs. */
export function apiReferenceRoutes() {
  const router = new Hono<AppEnv>()
  const cache = new Map<string, Buffer>()
  router.get('/', (c) => c.html(PAGE))
  router.get('/init.js', (c) => c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }))
  router.get('/assets/:file', (c) => {
    const file = c.req.param('file')
    const type = ASSETS[file]
    if (!type) return c.json({ code: 6, message: 'Not found', reason: `GET ${c.req.path}` }, 404)
    let body = cache.get(file)
    if (!body) {
      body = fs.readFileSync(path.join(distDir, file))
      cache.set(file, body)
    }
    return c.body(new Uint8Array(body), 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' })
  })
  return router
}
