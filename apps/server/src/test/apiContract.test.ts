/**
 * The contract of /api/openapi.json: every operation describes its success `data` exactly (no
 * schema that admits anything) and every error answer it can give as catalogue codes with the
 * HTTP status of each (x-error-codes). The test servers' answer guard (lib/apiDocument.ts) holds
 * the routes to what is written here at run time; this walks what is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCatalogue, type ErrorCode } from '@brook/shared'
import { statusOf } from '../lib/appError.ts'
import { ERROR_CODES_KEY } from '../lib/apiSchemas.ts'
import { signedUpClient, startTestServer, type TestServer } from './testServer.ts'

type Schema = Record<string, any>
type Operation = { parameters?: unknown[]; requestBody?: unknown; responses: Record<string, Schema> }

/** Answers whose status is not their code's own: the middleware in front of every route gives them. */
const SHARED_EXCEPTIONS: Record<number, number[]> = {
  413: [4], // body over the cap: "Invalid input" at 413
  422: [3], // an Idempotency-Key reused for a different request
  503: [1005], // a probe of a configured service that fails
}

let server: TestServer
let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } }

beforeAll(async () => {
  server = await startTestServer('sqlite')
  const client = await signedUpClient(server, 'contract@example.com')
  doc = (await client.get('/api/openapi.json')).body
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

function resolve(schema: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema
  const name = schema.$ref.replace('#/components/schemas/', '')
  const target = doc.components.schemas[name]
  if (!target) throw new Error(`unresolved ${schema.$ref}`)
  return target
}

/** Places inside a schema that admit any value (`{}`: z.any() or z.unknown()), as JSON paths. */
function openings(schema: Schema, at: string, seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return []
  seen.add(schema)
  const s = resolve(schema)
  if (s !== schema) return openings(s, at, seen)
  const out: string[] = []
  const says = ['type', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', 'not'].some((k) => k in s)
  if (!says) out.push(at || '(root)')
  for (const [key, sub] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) out.push(...openings(sub, `${at}.${key}`, seen))
  if (s.items && typeof s.items === 'object') out.push(...openings(s.items, `${at}[]`, seen))
  if (s.additionalProperties && typeof s.additionalProperties === 'object') out.push(...openings(s.additionalProperties, `${at}{}`, seen))
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) for (const [i, sub] of ((s[k] ?? []) as Schema[]).entries()) out.push(...openings(sub, `${at}<${k}${i}>`, seen))
  return out
}

function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]))
}

describe('/api/openapi.json', () => {
  it('describes every route', () => {
    expect(operations().length).toBeGreaterThanOrEqual(57)
  })

  it("describes every route's success data exactly", () => {
    const problems: string[] = []
    for (const [route, op] of operations()) {
      const ok = op.responses['200']
      if (!ok?.content) {
        problems.push(`${route}: no described 200 answer`)
        continue
      }
      for (const [type, media] of Object.entries(ok.content as Record<string, { schema?: Schema }>)) {
        if (!media.schema) {
          problems.push(`${route}: ${type} answer without a schema`)
          continue
        }
        if (type !== 'application/json') {
          // OPML and NDJSON answers are documents, not the envelope: a described string.
          if (resolve(media.schema).type !== 'string') problems.push(`${route}: ${type} answer is not described as text`)
          continue
        }
        const envelope = resolve(media.schema)
        const data = envelope.properties?.data
        if (!data || !envelope.required?.includes('data')) problems.push(`${route}: no required data in the 200 envelope`)
        else for (const hole of openings(data, 'data')) problems.push(`${route}: ${hole} admits anything`)
        if (envelope.properties?.code?.const !== 0 && JSON.stringify(envelope.properties?.code?.enum) !== '[0]') problems.push(`${route}: the 200 envelope's code is not 0`)
      }
    }
    expect(problems).toEqual([])
  })

  it('describes every error answer as catalogue codes with the status of each', () => {
    const problems: string[] = []
    for (const [route, op] of operations()) {
      for (const [statusText, answer] of Object.entries(op.responses)) {
        const status = Number(statusText)
        if (status < 400) continue
        const codes = answer[ERROR_CODES_KEY] as number[] | undefined
        if (!codes?.length) {
          problems.push(`${route}: ${status} lists no codes`)
          continue
        }
        for (const code of codes) {
          if (!(code in ErrorCatalogue)) problems.push(`${route}: ${status} lists ${code}, which is not in the catalogue`)
          else if (statusOf(code as ErrorCode) !== status && !SHARED_EXCEPTIONS[status]?.includes(code)) problems.push(`${route}: ${code} is answered with ${statusOf(code as ErrorCode)}, not ${status}`)
        }
        const schema = answer.content?.['application/json']?.schema
        if (!schema) problems.push(`${route}: ${status} has no JSON body`)
      }
      const has = (status: number, code: number) => (op.responses[status]?.[ERROR_CODES_KEY] as number[] | undefined)?.includes(code)
      if (!has(500, 1005)) problems.push(`${route}: no 500 (1005)`)
      if ((op.parameters?.length || op.requestBody) && !has(400, 4) && !route.startsWith('GET /api/probes') && !route.startsWith('GET /api/status')) problems.push(`${route}: takes input but lists no 400 (4)`)
    }
    expect(problems).toEqual([])
  })

  it('lists "not signed in" on every route that needs a session, and the idempotency answers on its changes', () => {
    const problems: string[] = []
    const publicRoutes = ['GET /api/status/configs', 'GET /api/probes/postgresql', 'GET /api/probes/redis', 'GET /api/probes/bullmq', 'GET /api/probes/rsshub', 'POST /api/inboxes/webhook', 'GET /api/plans', 'POST /api/inboxes/email', 'GET /api/upload/files/{folder}/{name}', 'GET /api/auth/providers']
    for (const [route, op] of operations()) {
      const codes = (status: number) => (op.responses[status]?.[ERROR_CODES_KEY] as number[] | undefined) ?? []
      if (publicRoutes.includes(route)) continue
      if (!codes(401).includes(1000)) problems.push(`${route}: no 401 (1000)`)
      if (!route.startsWith('GET ') && !(codes(409).includes(1) && codes(422).includes(3))) problems.push(`${route}: no Idempotency-Key answers`)
    }
    expect(problems).toEqual([])
  })
})
