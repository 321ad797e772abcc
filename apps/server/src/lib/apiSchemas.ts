/** Small zod/OpenAPI building blocks the reading routes share: envelopes, error answers, query parsing. */
import { z } from '@hono/zod-openapi'
import { ErrorCatalogue, isValidId, type ErrorCode } from '@brook/shared'
import { statusOf } from './appError.ts'

/** `{code: 0, data}` around a data schema. */
export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ code: z.literal(0), data })

/** The error body of every failure. */
export const ErrorSchema = z
  .object({
    code: z.number().openapi({ description: 'A code of the error catalogue (SPEC §8; `x-error-codes` of each answer lists the ones it may carry)' }),
    message: z.string().openapi({ description: "The catalogue's message of the code" }),
    reason: z.string().optional().openapi({ description: 'What exactly went wrong, for people' }),
    data: z
      .array(z.object({ code: z.string(), path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
      .optional()
      .openapi({ description: 'Validation failures (code 4, 7002): one item per wrong field' }),
  })
  .openapi('Error')

/** An OpenAPI JSON response entry. */
export const jsonResponse = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } })

/** The OpenAPI extension that lists the catalogue codes an error answer may carry. */
export const ERROR_CODES_KEY = 'x-error-codes'

/** One error answer: its catalogue codes (all of one HTTP status), described and listed under x-error-codes. */
export function errorResponse(codes: ErrorCode[]) {
  return {
    description: codes.map((code) => `${code}: ${ErrorCatalogue[code]}`).join('; '),
    content: { 'application/json': { schema: ErrorSchema, example: { code: codes[0], message: ErrorCatalogue[codes[0]] } } },
    [ERROR_CODES_KEY]: codes,
  }
}

/** Error answers grouped by HTTP status (the status of each code: lib/appError.ts). */
export function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of new Set(codes)) {
    const status = statusOf(code)
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [status, errorResponse(list.sort((a, b) => a - b))]))
}

/**
 * The error answers of a signed-in route: invalid input (4) and not signed in (1000), plus the
 * route's own catalogue codes. Every code a route's service can throw must be listed: the
 * contract test (test/apiContract.test.ts) and the test servers' guard hold routes to it.
 */
export function errors(...codes: ErrorCode[]) {
  return errorResponses([4, 1000, ...codes])
}

/** The error answers of a route anyone may call (no 1000). */
export function publicErrors(...codes: ErrorCode[]) {
  return errorResponses([4, ...codes])
}

/** Any JSON value (what a webhook sender put in an entry's `extra`). */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
export const JsonValueSchema: z.ZodType<Json> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonValueSchema), z.record(z.string(), JsonValueSchema)]))
  .openapi('JsonValue', { description: 'Any JSON value' })

/** A required JSON body. */
export const jsonBody = <T extends z.ZodTypeAny>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } })

/** A query flag: `true`/`false`/`1`/`0`. */
export const queryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .openapi({ type: 'string', enum: ['true', 'false', '1', '0'] })

/** An entity id: a snowflake decimal string (SPEC §4 id validity). */
export const idSchema = z.string().refine(isValidId, 'not a valid id')

/** A list in a query string: repeated keys (`a=1&a=2`) or comma-separated (`a=1,2`). */
export const queryIdList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(idSchema).min(1).max(1000))

/** A time in a query/body: ISO text or epoch milliseconds; normalized to ISO text. */
export const timeInput = z
  .union([z.number(), z.string()])
  .transform((v, ctx) => {
    const d = typeof v === 'number' || /^\d+$/.test(v) ? new Date(Number(v)) : new Date(v)
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'not a time' })
      return z.NEVER
    }
    return d.toISOString()
  })

/** The view numbers 0–5, from a query string. */
export const queryView = z.coerce.number().int().min(0).max(5)
export const viewSchema = z.number().int().min(0).max(5)
