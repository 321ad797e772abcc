/** Small zod/OpenAPI building blocks the reading routes share: envelopes, error answers, query parsing. */
import { z } from '@hono/zod-openapi'
import { isValidId } from '@brook/shared'

/** `{code: 0, data}` around a data schema. */
export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ code: z.literal(0), data })

/** The error body of every failure. */
export const ErrorSchema = z.object({ code: z.number(), message: z.string(), reason: z.string().optional(), data: z.unknown().optional() }).openapi('Error')

/** An OpenAPI JSON response entry. */
export const jsonResponse = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } })

/** Error answers every signed-in route can give, plus the route's own. */
export function errors(extra: Partial<Record<400 | 403 | 404 | 409 | 413 | 422 | 429, string>> = {}) {
  const out: Record<number, ReturnType<typeof jsonResponse>> = {
    400: jsonResponse(ErrorSchema, extra[400] ?? 'Invalid input (4)'),
    401: jsonResponse(ErrorSchema, 'Not signed in (1000)'),
  }
  for (const [status, description] of Object.entries(extra)) if (status !== '400') out[Number(status)] = jsonResponse(ErrorSchema, description)
  return out
}

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
