/**
 * @module A fake RSSHub on loopback speaking RSSHub's wire protocol: `GET /healthz` → `ok`,
 * `GET /api/namespace` → the route catalogue JSON (RSSHub ≥ v1), and its routes as RSS 2.0 at
 * `/namespace/path`, with an access key (`?key=`) when one is set — a wrong or missing key is 403,
 * as RSSHub answers. `mode: 'html'` answers every path with an HTML page (not RSSHub at all).
 *
 * | path | answer |
 * |---|---|
 * | `/test/items/:name/:count?` | RSS "Items of {name}", `count` items (default 3), category programming, lang en |
 * | `/test/slow` | the same after `slowMs` |
 * | `/zhihu/hot` | RSS in Chinese, category social-media, lang zh-CN |
 * | `/base/{name}/…` | the same as `/…` (one fake serving several instance base URLs) |
 * | anything else | 404 |
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeRsshub = {
  url: string
  /** Requests seen, as path + query. */
  requests: string[]
  close(): Promise<void>
}

const NAMESPACES = {
  test: {
    name: 'Test Site',
    url: 'test.example',
    lang: 'en',
    categories: ['programming'],
    routes: {
      '/items/:name/:count?': { path: '/items/:name/:count?', name: 'Items by name', example: '/test/items/brook', parameters: { name: 'Whose items', count: 'How many, default 3' }, categories: ['programming'], maintainers: ['brook'], description: 'Numbered items' },
      '/slow': { path: '/slow', name: 'Slow route', example: '/test/slow', parameters: {}, categories: ['programming'], maintainers: ['brook'] },
    },
  },
  zhihu: {
    name: '知乎',
    url: 'www.zhihu.com',
    lang: 'zh-CN',
    categories: ['social-media'],
    routes: { '/hot': { path: '/hot', name: '知乎热榜', example: '/zhihu/hot', parameters: {}, categories: ['social-media'], maintainers: ['brook'], features: { requireConfig: false } } },
  },
}

function rss(title: string, items: { title: string; link: string }[], language = 'en'): string {
  const body = items.map((i) => `<item><title>${i.title}</title><link>${i.link}</link><guid>${i.link}</guid><pubDate>${new Date(Date.UTC(2026, 0, 1)).toUTCString()}</pubDate><description>${i.title} body</description></item>`).join('')
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title><link>https://test.example/</link><description>${title} - Powered by RSSHub</description><language>${language}</language>${body}</channel></rss>`
}

export async function startFakeRsshub(options: { accessKey?: string; mode?: 'rsshub' | 'html'; slowMs?: number } = {}): Promise<FakeRsshub> {
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    // `/base/{name}/…`: the same hub under another base URL (several instances on one server).
    url.pathname = url.pathname.replace(/^\/base\/[^/]+/, '') || '/'
    requests.push(url.pathname + url.search)
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type })
      res.end(body)
    }
    if (options.mode === 'html') return send(200, 'text/html; charset=utf-8', '<!doctype html><html><body>Welcome to nginx!</body></html>')
    if (url.pathname === '/healthz') return send(200, 'text/plain', 'ok')
    if (url.pathname === '/api/namespace') return send(200, 'application/json', JSON.stringify(NAMESPACES))
    if (options.accessKey && url.searchParams.get('key') !== options.accessKey) return send(403, 'text/plain', 'Authentication failed. Access denied.')
    const items = /^\/test\/items\/([^/]+)(?:\/(\d+))?\/?$/.exec(url.pathname)
    if (items) {
      const name = decodeURIComponent(items[1])
      const count = Number(items[2] ?? 3)
      return send(200, 'application/rss+xml', rss(`Items of ${name}`, Array.from({ length: count }, (_, i) => ({ title: `${name} item ${i + 1}`, link: `https://test.example/${name}/${i + 1}` }))))
    }
    if (url.pathname === '/test/slow') {
      setTimeout(() => send(200, 'application/rss+xml', rss('Slow', [{ title: 'late', link: 'https://test.example/late' }])), options.slowMs ?? 5000)
      return
    }
    if (url.pathname === '/zhihu/hot') return send(200, 'application/rss+xml', rss('知乎热榜', [{ title: '全文搜索的问题', link: 'https://www.zhihu.com/question/1' }], 'zh-cn'))
    send(404, 'text/html', '<h1>Not found</h1>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
