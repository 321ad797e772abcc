/**
 * The entry-content stream of SPEC §7: ids collected for 1000 ms, then `POST /entries/stream`
 * answers newline-delimited JSON `{id, content}`; each body goes to the local database and the
 * store as it arrives. A failure is only logged.
 */
import { api } from '../api/client.ts'
import { localDb } from '../db/index.ts'
import { setEntryContent } from '../db/repositories/entries.ts'
import type { Statement } from '../db/types.ts'
import { useEntryStore } from '../store/entities/entries.ts'
import { useNetworkStore } from '../store/network.ts'

export const ENTRY_STREAM_DEBOUNCE_MS = 1000
/** Bodies written per local transaction while the stream runs. */
const WRITE_BATCH = 25

const queued = new Set<string>()
const inFlight = new Set<string>()
let timer: ReturnType<typeof setTimeout> | null = null

/** Asks for the bodies of these entries (debounced). */
export function requestEntryContents(ids: readonly string[]): void {
  for (const id of ids) if (!inFlight.has(id)) queued.add(id)
  if (queued.size === 0) return
  if (timer) clearTimeout(timer)
  timer = setTimeout(() => {
    timer = null
    void streamNow()
  }, ENTRY_STREAM_DEBOUNCE_MS)
}

/** Splits NDJSON text into parsed lines; returns the unfinished tail. */
export function parseNdjson(buffer: string, onLine: (value: { id?: unknown; content?: unknown }) => void): string {
  let start = 0
  for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n', start)) {
    const line = buffer.slice(start, nl).trim()
    start = nl + 1
    if (!line) continue
    try {
      onLine(JSON.parse(line))
    } catch {
      // A broken line is skipped; the rest of the stream still counts.
    }
  }
  return buffer.slice(start)
}

async function streamNow(): Promise<void> {
  if (!useNetworkStore.getState().online) return
  const ids = [...queued]
  queued.clear()
  if (ids.length === 0) return
  for (const id of ids) inFlight.add(id)
  let pending: Statement[] = []
  const patches: Record<string, string> = {}
  const flush = async () => {
    if (pending.length === 0) return
    const statements = pending
    pending = []
    // (issue 6, reading screens) One store update for the whole batch: a `patch` per entry copied
    // the entry map and woke every mounted row once per body, which stalled scrolling long lists.
    const store = useEntryStore.getState()
    const updated = Object.entries(patches).flatMap(([id, content]) => (store.byId[id] ? [{ ...store.byId[id], content }] : []))
    store.upsert(updated)
    for (const id of Object.keys(patches)) delete patches[id]
    await localDb.write(statements)
  }
  try {
    const response = await api.post('/entries/stream', { ids }, { responseType: 'response' })
    const reader = response.body?.getReader()
    const decoder = new TextDecoder()
    let tail = ''
    const onLine = (value: { id?: unknown; content?: unknown }) => {
      if (typeof value.id !== 'string' || typeof value.content !== 'string') return
      patches[value.id] = value.content
      pending.push(...setEntryContent(value.id, value.content))
    }
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        tail = parseNdjson(tail + decoder.decode(value, { stream: true }), onLine)
        if (pending.length >= WRITE_BATCH) await flush()
      }
    } else {
      tail = parseNdjson(await response.text(), onLine)
    }
    parseNdjson(tail + '\n', onLine)
    await flush()
  } catch (error) {
    console.warn('[brook] entry content stream failed', error)
  } finally {
    for (const id of ids) inFlight.delete(id)
  }
}
