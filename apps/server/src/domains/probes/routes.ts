/** GET /api/probes/{postgresql,redis,bullmq,rsshub}: the real state of each configured service. */
import { createRoute, z } from '@hono/zod-openapi'
import type { Env } from '../../env.ts'
import type { OpenDatabase } from '../../db/openDatabase.ts'
import type { HealthService } from '../health/service.ts'
import { createRouter } from '../../lib/router.ts'
import { ERROR_CODES_KEY } from '../../lib/apiSchemas.ts'
import { probeBullmq, probeDatabase, probeRedis, probeRsshub, type ProbeResult } from './checks.ts'

const ProbeSchema = z.object({
  status: z.enum(['ok', 'not_configured', 'error']),
  latencyMs: z.number().optional(),
  message: z.string().optional(),
  detail: z
    .object({
      version: z.string().optional().openapi({ description: 'postgresql: the server version' }),
      reply: z.string().optional().openapi({ description: "redis: PING's reply" }),
      queue: z.string().optional().openapi({ description: 'bullmq: the refresh queue' }),
      counts: z.record(z.string(), z.number()).optional().openapi({ description: 'bullmq: jobs per state' }),
      httpStatus: z.number().optional().openapi({ description: "rsshub: the instance's HTTP status" }),
    })
    .optional(),
})

const names = ['postgresql', 'redis', 'bullmq', 'rsshub'] as const

function probeRoute(name: (typeof names)[number]) {
  return createRoute({
    method: 'get',
    path: `/${name}`,
    tags: ['probes'],
    summary: `Health of ${name}`,
    responses: {
      200: { description: 'Healthy or not configured', content: { 'application/json': { schema: z.object({ code: z.literal(0), data: ProbeSchema }) } } },
      503: { description: 'Configured but failing (1005: Internal error)', [ERROR_CODES_KEY]: [1005], content: { 'application/json': { schema: z.object({ code: z.number(), message: z.string(), reason: z.string(), data: ProbeSchema }) } } },
    },
  })
}

export function probesRoutes({ env, database, health }: { env: Env; database: OpenDatabase; health: HealthService }) {
  const run: Record<(typeof names)[number], () => Promise<ProbeResult>> = {
    postgresql: () => probeDatabase(database),
    redis: () => probeRedis(health.redisConnection()),
    bullmq: () => probeBullmq(health.redisConnection()),
    rsshub: () => probeRsshub(env.RSSHUB_URL),
  }
  const router = createRouter()
  for (const name of names) {
    router.openapi(probeRoute(name), async (c) => {
      const result = await run[name]()
      if (result.status === 'error') return c.json({ code: 1005, message: 'Internal error', reason: `${name}: ${result.message}`, data: result }, 503)
      return c.json({ code: 0 as const, data: result }, 200)
    })
  }
  return router
}
