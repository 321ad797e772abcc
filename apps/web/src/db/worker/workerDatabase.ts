/** The app side of the database worker: request/response over postMessage. */
import type { Statement, StatementResult, SqlExecutor } from '../types.ts'
import type { OpenResult, WorkerRequest, WorkerResponse, WorkerResult } from './protocol.ts'

type Pending = { resolve: (value: WorkerResult) => void; reject: (error: Error) => void }

// Distributes `Omit` over the union so each request keeps its own fields.
type RequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never

/** A SQLite database living in a dedicated worker. */
export class WorkerDatabase implements SqlExecutor {
  private readonly worker: Worker
  private readonly pending = new Map<number, Pending>()
  private nextId = 1

  constructor(worker: Worker) {
    this.worker = worker
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      const response = event.data
      const waiter = this.pending.get(response.id)
      if (!waiter) return
      this.pending.delete(response.id)
      if (response.ok) waiter.resolve(response.result)
      else waiter.reject(Object.assign(new Error(response.error.message), { code: response.error.code }))
    }
    worker.onerror = (event) => {
      const error = new Error(event.message || 'local database worker failed')
      for (const waiter of this.pending.values()) waiter.reject(error)
      this.pending.clear()
    }
  }

  private request(body: RequestBody): Promise<WorkerResult> {
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      this.worker.postMessage({ ...body, id } as WorkerRequest)
    })
  }

  open(name: string, storage: 'auto' | 'memory'): Promise<OpenResult> {
    return this.request({ type: 'open', name, storage }) as Promise<OpenResult>
  }

  run(statements: Statement[], options: { transaction?: boolean } = {}): Promise<StatementResult[]> {
    return this.request({ type: 'run', statements, transaction: options.transaction ?? false }) as Promise<StatementResult[]>
  }

  export(chunkSize: number): Promise<Uint8Array[]> {
    return this.request({ type: 'export', chunkSize }) as Promise<Uint8Array[]>
  }

  async delete(): Promise<void> {
    await this.request({ type: 'delete' })
  }

  async close(): Promise<void> {
    await this.request({ type: 'close' })
  }

  terminate(): void {
    this.worker.terminate()
  }
}
