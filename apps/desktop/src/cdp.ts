/** A small Chrome DevTools Protocol client over the browser's WebSocket (Node's built-in WebSocket). */

type Listener = (params: any, sessionId?: string) => void

export interface Cdp {
  send<T = any>(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<T>
  on(method: string, listener: Listener): () => void
  /** Resolves when the connection closes (the browser exited). */
  closed: Promise<void>
  close(): void
}

export function connectCdp(url: string): Promise<Cdp> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    let next = 1
    const pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void; method: string }>()
    const listeners = new Map<string, Set<Listener>>()
    let markClosed: () => void = () => {}
    const closed = new Promise<void>((r) => (markClosed = r))
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data))
      if (typeof message.id === 'number') {
        const waiter = pending.get(message.id)
        pending.delete(message.id)
        if (!waiter) return
        if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`))
        else waiter.resolve(message.result)
        return
      }
      for (const listener of listeners.get(message.method) ?? []) listener(message.params, message.sessionId)
    })
    socket.addEventListener('close', () => {
      for (const waiter of pending.values()) waiter.reject(new Error(`${waiter.method}: the browser closed the connection`))
      pending.clear()
      markClosed()
    })
    socket.addEventListener('error', () => reject(new Error(`cannot connect to the browser at ${url}`)))
    socket.addEventListener('open', () =>
      resolve({
        send(method, params = {}, sessionId) {
          const id = next++
          return new Promise((res, rej) => {
            pending.set(id, { resolve: res, reject: rej, method })
            socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }))
          })
        },
        on(method, listener) {
          const set = listeners.get(method) ?? new Set()
          set.add(listener)
          listeners.set(method, set)
          return () => set.delete(listener)
        },
        closed,
        close: () => socket.close(),
      }),
    )
  })
}
