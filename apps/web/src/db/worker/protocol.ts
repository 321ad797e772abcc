/** Messages between the app and the local database worker. */
import type { LocalStorageKind } from '../../store/types.ts'
import type { Statement, StatementResult } from '../types.ts'

export type WorkerRequest =
  /** Opens (creating when needed) the database; `memory` skips OPFS. */
  | { id: number; type: 'open'; name: string; storage: 'auto' | 'memory' }
  | { id: number; type: 'run'; statements: Statement[]; transaction: boolean }
  /** Reads the whole database file, in chunks of `chunkSize` bytes. */
  | { id: number; type: 'export'; chunkSize: number }
  /** Closes and deletes the database file (and its journal). */
  | { id: number; type: 'delete' }
  | { id: number; type: 'close' }

export interface OpenResult {
  storage: LocalStorageKind
  /** Why OPFS was not used, when it was not. */
  fallbackReason?: string
  /** The file was not a database (corrupted) and was replaced by an empty one. */
  rebuilt?: boolean
}

export type WorkerResult = OpenResult | StatementResult[] | Uint8Array[] | null

export type WorkerResponse =
  | { id: number; ok: true; result: WorkerResult }
  | { id: number; ok: false; error: { message: string; code?: number } }
