/** The one error handler: every failure becomes {code, message, reason?} with its HTTP status. */
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ZodError } from 'zod'
import { AppError } from './appError.ts'
import type { AppEnv } from './context.ts'
import { validationFailure } from './router.ts'

export function onError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof AppError) {
    const body: Record<string, unknown> = { code: err.code, message: err.message }
    if (err.reason) body.reason = err.reason
    if (err.data !== undefined) body.data = err.data
    return c.json(body, err.status as 400)
  }
  if (err instanceof ZodError) {
    return c.json(validationFailure(err.issues.map((i) => ({ code: i.code, path: i.path, message: i.message }))), 400)
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Malformed JSON, unsupported content type, oversized body…: the client's fault, said plainly.
    return c.json({ code: 4, message: 'Invalid input', reason: err.message || 'Bad request' }, err.status)
  }
  const log = c.get('log')
  log?.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error')
  return c.json({ code: 1005, message: 'Internal error' }, 500)
}
