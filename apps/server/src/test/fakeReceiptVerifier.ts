/**
 * An instance owner's purchase receipt verification service on loopback, speaking the protocol
 * of domains/referrals/receiptVerifier.ts: `valid:<transactionId>` is a valid receipt (ends
 * 2099, or `valid-expired:<id>` ended in 2020), `garbage` gets an answer of another shape, `down`
 * a 503, anything else is refused.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export async function startVerifier() {
  const seen: any[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const input = JSON.parse(body)
      seen.push(input)
      res.setHeader('content-type', 'application/json')
      if (input.receipt.startsWith('valid:')) res.end(JSON.stringify({ valid: true, transactionId: input.receipt.slice(6), productId: 'brook.pro.yearly', expiresAt: '2099-01-01T00:00:00.000Z' }))
      else if (input.receipt.startsWith('valid-expired:')) res.end(JSON.stringify({ valid: true, transactionId: input.receipt.slice(14), productId: 'brook.pro.monthly', expiresAt: '2020-01-01T00:00:00.000Z' }))
      else if (input.receipt.startsWith('valid-lifetime:')) res.end(JSON.stringify({ valid: true, transactionId: input.receipt.slice(15), productId: 'brook.pro.lifetime', expiresAt: null }))
      else if (input.receipt === 'garbage') res.end('{"nope":1}')
      else if (input.receipt === 'down') {
        res.statusCode = 503
        res.end('{}')
      } else res.end(JSON.stringify({ valid: false, reason: 'signature does not match' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/verify`, seen, close: () => new Promise((r) => server.close(r)) }
}
