/** Routers share one validation hook so every zod failure answers 400 in the envelope. */
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { AppError } from './appError.ts'
import type { AppEnv, SessionUser } from './context.ts'

/** The envelope for a failed validation: HTTP 400, code 4, the zod issues in data. */
export function validationFailure(issues: unknown) {
  return { code: 4, message: 'Invalid input', data: issues } as const
}

/** A router for one domain, mounted under /api by app.ts. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = result.error.issues.map((i) => ({ code: i.code, path: i.path, message: i.message }))
        return c.json(validationFailure(issues), 400)
      }
    },
  })
}

export type Router = ReturnType<typeof createRouter>

/** The signed-in user, or 401 with code 1000. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user')
  if (!user) throw new AppError(1000)
  return user
}

/** The signed-in admin, or 401 (1000) / 403 (1004). */
export function requireAdmin(c: Context<AppEnv>): SessionUser {
  const user = requireUser(c)
  if (user.role !== 'admin') throw new AppError(1004, { reason: 'Admins only' })
  return user
}

/** Wraps data in the success envelope. */
export function ok<T>(data: T): { code: 0; data: T } {
  return { code: 0, data }
}
