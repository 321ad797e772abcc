/**
 * Reading the AI SDK UI message stream protocol (server-sent events of `UIMessageChunk`s, ending
 * with `data: [DONE]`) that POST /ai/chat answers with, into the parts of one assistant message
 * — the same shape the server stores, so a streamed message and a reloaded one render alike.
 * Brook reads it itself rather than adding the `ai` package to the web bundle for ~100 lines.
 */

export type ChatTextPart = { type: 'text'; text: string; state?: 'streaming' | 'done' }
export type ChatToolPart = {
  /** `tool-<name>` */
  type: `tool-${string}`
  toolCallId: string
  state: 'input-streaming' | 'input-available' | 'output-available' | 'output-error'
  input?: unknown
  output?: unknown
  errorText?: string
}
export type ChatPart = ChatTextPart | ChatToolPart | { type: string; [key: string]: unknown }

export type Chunk = { type: string; [key: string]: unknown }

/** The chunks of an SSE body, in order; stops at `[DONE]` or the end of the body. */
export async function* readChunks(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<Chunk> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  // Cancelling the body closes the connection: the server aborts the provider call.
  const stop = () => void reader.cancel().catch(() => undefined)
  signal?.addEventListener('abort', stop, { once: true })
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let cut: number
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n')
        if (!data) continue
        if (data === '[DONE]') return
        try {
          yield JSON.parse(data) as Chunk
        } catch {
          // Not a chunk: skip it.
        }
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop)
    reader.releaseLock()
  }
}

/** Applies one chunk to a message's parts (a new array when anything changed). */
export function applyChunk(parts: ChatPart[], chunk: Chunk): ChatPart[] {
  const next = [...parts]
  const toolAt = (id: unknown) => next.findIndex((p) => p.type.startsWith('tool-') && (p as ChatToolPart).toolCallId === id)
  switch (chunk.type) {
    case 'text-start':
      next.push({ type: 'text', text: '', state: 'streaming' })
      return next
    case 'text-delta': {
      const i = next.findLastIndex((p) => p.type === 'text')
      if (i < 0) next.push({ type: 'text', text: String(chunk.delta ?? ''), state: 'streaming' })
      else next[i] = { ...(next[i] as ChatTextPart), text: (next[i] as ChatTextPart).text + String(chunk.delta ?? '') }
      return next
    }
    case 'text-end': {
      const i = next.findLastIndex((p) => p.type === 'text')
      if (i >= 0) next[i] = { ...(next[i] as ChatTextPart), state: 'done' }
      return next
    }
    case 'start-step':
      next.push({ type: 'step-start' })
      return next
    case 'tool-input-start':
      next.push({ type: `tool-${String(chunk.toolName)}`, toolCallId: String(chunk.toolCallId), state: 'input-streaming' })
      return next
    case 'tool-input-available': {
      const i = toolAt(chunk.toolCallId)
      const part: ChatToolPart = { type: `tool-${String(chunk.toolName)}`, toolCallId: String(chunk.toolCallId), state: 'input-available', input: chunk.input }
      if (i < 0) next.push(part)
      else next[i] = part
      return next
    }
    case 'tool-output-available':
    case 'tool-output-error': {
      const i = toolAt(chunk.toolCallId)
      if (i < 0) return parts
      const error = chunk.type === 'tool-output-error'
      next[i] = { ...(next[i] as ChatToolPart), state: error ? 'output-error' : 'output-available', ...(error ? { errorText: String(chunk.errorText ?? '') } : { output: chunk.output }) }
      return next
    }
    default:
      return parts
  }
}

/** The text of a message's parts. */
export function partsText(parts: readonly ChatPart[]): string {
  return parts
    .filter((p): p is ChatTextPart => p.type === 'text')
    .map((p) => p.text)
    .join('')
}
