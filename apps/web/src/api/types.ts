/**
 * Types of the API contract, read from the generated `paths` (schema.d.ts, `npm run api:types`).
 * Paths are written as the client takes them: without the `/api` base, `{name}` for path
 * parameters. Nothing here exists at run time.
 */
import type { paths } from './schema.d.ts'

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

type WithoutBase<K> = K extends `/api${infer P}` ? P : never

/** Every path of /api/openapi.json, keyed without the `/api` base. */
export type ApiPaths = { [K in keyof paths as WithoutBase<K>]: paths[K] }

type Operation<M extends ApiMethod, P extends keyof ApiPaths> = ApiPaths[P] extends { [K in M]: infer O } ? O : never

/** The paths that answer a method. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof ApiPaths]: Operation<M, P> extends { responses: unknown } ? P : never
}[keyof ApiPaths]

type SuccessBody<O> = O extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never

/** The `data` of the success envelope `{code: 0, data}` of a route (unknown for non-JSON answers). */
export type ApiData<M extends ApiMethod, P extends ApiPath<M>> = [SuccessBody<Operation<M, P>>] extends [never]
  ? unknown
  : SuccessBody<Operation<M, P>> extends { data: infer D }
    ? D
    : SuccessBody<Operation<M, P>>

/**
 * A query value as the client sends it: it serialises values with String() and repeats arrays,
 * so a flag (`'true' | 'false' | '1' | '0'`) also takes a boolean, and text also takes a number
 * or a list.
 */
type QueryValue<T> = T extends 'true' | 'false' | '1' | '0' ? T | boolean : T extends string ? T | number | readonly string[] : T

type Loose<Q> = { [K in keyof Q]: QueryValue<Q[K]> }

/** A parameter group; `never` (the generator's "none") is no parameters. */
type Group<X> = [NonNullable<X>] extends [never] ? object : NonNullable<X> extends Record<string, unknown> ? NonNullable<X> : object

type PathParams<O> = O extends { parameters: { path?: infer X } } ? Group<X> : object
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? Loose<Group<Q>> : object
type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? Partial<B>
    : object

/**
 * The one input object of a call: `{name}` path parameters, then the query (GET) or the JSON body
 * (other methods) — the client splits it (api/client.ts `fillPath`).
 */
export type ApiInput<M extends ApiMethod, P extends ApiPath<M>> = PathParams<Operation<M, P>> & (M extends 'get' ? QueryParams<Operation<M, P>> : JsonBody<Operation<M, P>>)
