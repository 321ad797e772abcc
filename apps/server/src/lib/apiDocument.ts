/**
 * /api/openapi.json as served: the routes' own descriptions (each route's createRoute) plus the
 * answers every route shares because of the middleware in front of it (app.ts): a body over the
 * cap (413, code 4), an Idempotency-Key still running or reused (409 code 1, 422 code 3) on a
 * signed-in route that changes something, an internal error (500, code 1005), and on the routes
 * that fetch other sites the rate limit (429, code 1008); on the routes behind a feature flag the
 * flag being off (403, code 1004).
 */
import type { MiddlewareHandler } from 'hono'
import { ErrorCatalogue, type ErrorCode } from '@brook/shared'
import { ERROR_CODES_KEY } from './apiSchemas.ts'
import { FETCHING_ROUTES } from './rateLimit.ts'
import { FLAG_GATES, isGated } from './flagGates.ts'

type Operation = { requestBody?: unknown; responses?: Record<string, Record<string, unknown>> }
export type ApiDocument = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } }

const MUTATING = new Set(['post', 'put', 'patch', 'delete'])

/** Adds `codes` to the error answer of `status` (creating it). */
function addErrors(op: Operation, status: number, codes: ErrorCode[], why: string): void {
  op.responses ??= {}
  const existing = op.responses[status]
  const had = (existing?.[ERROR_CODES_KEY] as ErrorCode[] | undefined) ?? []
  const all = [...new Set([...had, ...codes])].sort((a, b) => a - b)
  const added = codes.filter((c) => !had.includes(c)).map((c) => `${c}: ${ErrorCatalogue[c]} (${why})`)
  op.responses[status] = {
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { code: all[0], message: ErrorCatalogue[all[0]] } } },
    ...existing,
    description: [existing?.description, ...added].filter(Boolean).join('; '),
    [ERROR_CODES_KEY]: all,
  }
}

/** The document of a router tree with the shared answers added to every operation. */
export function withSharedAnswers(doc: object): ApiDocument {
  const d = doc as ApiDocument
  for (const ops of Object.values(d.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const signedIn = Boolean(op.responses?.['401'])
      if (op.requestBody) addErrors(op, 413, [4], 'request body over the limit')
      if (signedIn && MUTATING.has(method)) {
        addErrors(op, 409, [1], 'a request with this Idempotency-Key is still running')
        addErrors(op, 422, [3], 'this Idempotency-Key was used for a different request')
      }
      addErrors(op, 500, [1005], 'a fault of the server')
    }
  }
  // The routes that make the server fetch other sites are rate-limited (lib/rateLimit.ts).
  for (const [method, path] of FETCHING_ROUTES) {
    const op = d.paths?.[path]?.[method.toLowerCase()]
    if (op) addErrors(op, 429, [1008], 'too many such requests from this user or address; see Retry-After')
  }
  // The routes behind the admin's feature flags (lib/flagGates.ts).
  for (const [path, ops] of Object.entries(d.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      for (const gate of FLAG_GATES) {
        if (isGated(gate, path) && (!gate.methods || gate.methods.includes(method.toUpperCase()))) addErrors(op, 403, [1004], `the admin's ${gate.flag} flag is off for the caller`)
      }
    }
  }
  // The Error schema is registered by the first route that refers to it; every route above may.
  d.components ??= {}
  d.components.schemas ??= {}
  if (!d.components.schemas.Error) throw new Error('the Error schema is missing from the API document')
  return d
}

/** Per "METHOD path": the catalogue codes each error status of the operation may carry. */
type DeclaredAnswers = { pattern: RegExp; method: string; codes: Map<number, number[]> }[]

function declaredAnswers(doc: ApiDocument): DeclaredAnswers {
  const out: DeclaredAnswers = []
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`)
    for (const [method, op] of Object.entries(ops)) {
      const codes = new Map<number, number[]>()
      for (const [status, answer] of Object.entries(op.responses ?? {})) codes.set(Number(status), (answer[ERROR_CODES_KEY] as number[] | undefined) ?? [])
      out.push({ pattern, method: method.toUpperCase(), codes })
    }
  }
  return out
}

/**
 * Middleware for test servers: an error answer of a described route whose status or code its
 * description does not list is replaced by a 500 that names it, so the test meeting it fails.
 */
export function answerGuard(document: () => ApiDocument): MiddlewareHandler {
  let answers: DeclaredAnswers | null = null
  return async (c, next) => {
    await next()
    const status = c.res.status
    if (status < 400) return
    answers ??= declaredAnswers(document())
    const route = answers.find((a) => a.method === c.req.method && a.pattern.test(c.req.path))
    if (!route) return // not a described route (auth, the reference page, no such route)
    const body = (await c.res.clone().json().catch(() => null)) as { code?: number } | null
    const listed = route.codes.get(status)
    if (body && typeof body.code === 'number' && listed?.includes(body.code)) return
    const reason = `undescribed answer: ${c.req.method} ${c.req.path} answered ${status} with code ${body?.code} (listed for ${status}: ${listed ? listed.join(', ') || 'none' : 'no such status'}); add the code to the route's errors(…)`
    c.res = new Response(JSON.stringify({ code: 1005, message: 'Internal error', reason }), { status: 500, headers: { 'content-type': 'application/json' } })
  }
}
