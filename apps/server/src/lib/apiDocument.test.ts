import { describe, expect, it } from 'vitest'
import { OpenAPIHono } from '@hono/zod-openapi'
import { AppError } from './appError.ts'
import { onError } from './onError.ts'
import { answerGuard, withSharedAnswers } from './apiDocument.ts'
import type { AppEnv } from './context.ts'

const doc = () =>
  withSharedAnswers({
    paths: {
      '/api/things/{id}': {
        get: { responses: { 200: { description: 'ok' }, 404: { description: 'No such thing', 'x-error-codes': [6] } } },
        post: { requestBody: {}, responses: { 200: { description: 'ok' }, 401: { description: 'Not signed in', 'x-error-codes': [1000] } } },
      },
    },
    components: { schemas: { Error: { type: 'object' } } },
  })

function appThrowing(code: 6 | 3000) {
  const app = new OpenAPIHono<AppEnv>()
  app.onError(onError)
  app.use('/api/*', answerGuard(doc))
  app.get('/api/things/:id', () => {
    throw new AppError(code)
  })
  app.get('/api/elsewhere', () => {
    throw new AppError(3000)
  })
  return app
}

describe('answerGuard', () => {
  it('lets an answer the route describes through', async () => {
    const res = await appThrowing(6).request('/api/things/1')
    expect(res.status).toBe(404)
    expect(((await res.json()) as { code: number }).code).toBe(6)
  })

  it('turns an answer the route does not describe into a 500 that names it', async () => {
    const res = await appThrowing(3000).request('/api/things/1')
    expect(res.status).toBe(500)
    const body = (await res.json()) as { code: number; reason: string }
    expect(body.code).toBe(1005)
    expect(body.reason).toContain('GET /api/things/1 answered 404 with code 3000')
  })

  it('leaves routes the document does not describe alone', async () => {
    const res = await appThrowing(6).request('/api/elsewhere')
    expect(res.status).toBe(404)
  })
})

describe('withSharedAnswers', () => {
  it("adds the middleware's answers: body cap, Idempotency-Key on signed-in changes, internal error", () => {
    const ops = doc().paths!['/api/things/{id}']
    expect(ops.get.responses!['500']['x-error-codes']).toEqual([1005])
    expect(ops.get.responses!['413']).toBeUndefined()
    expect(ops.post.responses!['413']['x-error-codes']).toEqual([4])
    expect(ops.post.responses!['409']['x-error-codes']).toEqual([1])
    expect(ops.post.responses!['422']['x-error-codes']).toEqual([3])
  })
})
