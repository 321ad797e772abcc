/**
 * Optimistic mutations (SPEC §4 "Optimistic pattern"). A mutation kind knows its request, how to
 * apply the change to the stores (returning the local-database statements that mirror it) and
 * how to undo it from a snapshot taken before. The snapshot is stored with the outbox row, so a
 * refusal that arrives after a reload still rolls back correctly.
 */
import type { ApiInput, ApiMethod, ApiPath } from '../api/types.ts'
import { localDb } from '../db/index.ts'
import { insertOutbox } from '../db/repositories/outbox.ts'
import type { Statement } from '../db/types.ts'
import { randomId } from '../lib/storage.ts'
import { announceLocalChange, entryIdsOf } from './crossTab.ts'

type WriteMethod = Exclude<ApiMethod, 'get'>

/** A write of the contract: method, path and input (path parameters and body) checked against it. */
export type MutationRequest = {
  [M in WriteMethod]: { [P in ApiPath<M>]: { method: Uppercase<M>; path: P; body?: ApiInput<M, P> } }[ApiPath<M>]
}[WriteMethod]
  // better-auth's own routes (/api/auth/*) are not in /api/openapi.json.
  | { method: 'POST'; path: `/auth/${string}`; body?: Record<string, unknown> }

export interface MutationDef<P, S> {
  kind: string
  request(payload: P): MutationRequest
  /** What rollback needs, read from the stores before the change. JSON-serialisable. */
  snapshot(payload: P): S
  /** Changes the stores; returns the statements that make the same change locally. */
  apply(payload: P, snapshot: S): Statement[]
  /** Undoes the change in the stores; returns the statements that undo it locally. */
  revert(payload: P, snapshot: S): Statement[]
  /** The server accepted: store what it answered (ids it made, a feed it found…). */
  settle?(payload: P, response: unknown, snapshot: S): Promise<void> | void
}

const registry = new Map<string, MutationDef<any, any>>()

/** Declares a mutation kind (module level, once per kind). */
export function defineMutation<P, S>(def: MutationDef<P, S>): MutationDef<P, S> {
  registry.set(def.kind, def)
  return def
}

/** The mutation kind of an outbox row. */
export function mutationKind(kind: string): MutationDef<unknown, unknown> | undefined {
  return registry.get(kind)
}

/** Listeners told when a row was queued (the outbox runner flushes). */
const queuedListeners = new Set<() => void>()
export function onQueued(listener: () => void): () => void {
  queuedListeners.add(listener)
  return () => queuedListeners.delete(listener)
}

/** A fresh idempotency key. */
export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : randomId(32)
}

/**
 * Runs a mutation optimistically: the stores change now; the local change and the outbox row
 * commit in one transaction; the outbox sends it. Resolves once stored locally.
 */
export async function mutate<P, S>(def: MutationDef<P, S>, payload: P): Promise<void> {
  const snapshot = def.snapshot(payload)
  const statements = def.apply(payload, snapshot)
  const request = def.request(payload)
  const row = {
    idempotencyKey: newIdempotencyKey(),
    kind: def.kind,
    method: request.method,
    path: request.path,
    body: request.body ?? null,
    payload,
    snapshot,
    createdAt: new Date().toISOString(),
  }
  try {
    await localDb.write([...statements, ...insertOutbox(row)])
  } catch (error) {
    // The local database refused: nothing was queued, so the change must not stay on screen.
    const undo = def.revert(payload, snapshot)
    void localDb.write(undo).catch(() => undefined)
    throw error
  }
  announceLocalChange(entryIdsOf(payload))
  for (const listener of queuedListeners) listener()
}
