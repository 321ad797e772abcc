/** A loopback HTTP server standing in for a third-party service: it records each request and answers as told. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type SeenRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }
export type FakeAnswer = { status: number; headers?: Record<string, string>; body?: string }

export async function startFakeService(answer: (req: SeenRequest) => FakeAnswer) {
  const requests: SeenRequest[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const seen = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() }
      requests.push(seen)
      const a = answer(seen)
      res.writeHead(a.status, a.headers ?? {}).end(a.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Options for calling a fake on loopback. */
export const LOOPBACK = { allowPrivateNetworks: true, timeoutMs: 5_000 }
