/**
 * /api/websub/{token}: the WebSub callback of one subscription (docs/websub.md). GET answers the
 * hub's verification; POST takes a pushed body. Outside the contract document: hubs speak WebSub,
 * not the envelope. Wrong topics, unknown subscriptions and bad signatures are ignored with 2xx
 * (as the WebSub spec asks), nothing stored.
 */
import { Hono } from 'hono'
import type { AppEnv } from '../../lib/context.ts'
import type { WebsubService } from './service.ts'

export function websubRoutes({ websub }: { websub: WebsubService }) {
  const app = new Hono<AppEnv>()

  app.get('/:token', async (c) => {
    const q = (name: string) => c.req.query(name) ?? null
    if (q('hub.mode') === 'denied') {
      await websub.denied(c.req.param('token'))
      return c.text('', 200)
    }
    const challenge = await websub.verify(c.req.param('token'), { mode: q('hub.mode'), topic: q('hub.topic'), challenge: q('hub.challenge'), leaseSeconds: q('hub.lease_seconds') })
    return challenge === null ? c.text('Not found', 404) : c.text(challenge, 200)
  })

  app.post('/:token', async (c) => {
    const body = new Uint8Array(await c.req.arrayBuffer())
    const signature = c.req.header('x-hub-signature-256') ? `sha256=${c.req.header('x-hub-signature-256')?.replace(/^sha256=/i, '')}` : c.req.header('x-hub-signature')
    const ingested = await websub.receive(c.req.param('token'), body, signature, c.req.header('content-type') ?? null)
    c.get('log')?.info({ ingested }, 'websub push')
    return c.text('', 202)
  })

  return app
}
