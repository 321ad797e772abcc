/**
 * A loopback stand-in for an OpenAI-compatible provider (issue 10): it speaks the real
 * chat-completions wire protocol — JSON answers, SSE streaming (`data: {chunk}` … `data: [DONE]`),
 * tool calls (whole and streamed in argument pieces), usage, error bodies, slow answers, garbage —
 * plus `/audio/speech`. Each test scripts the answers; every request is recorded.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type ChatMessage = { role: string; content?: string | null | { type: string; text?: string }[]; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }
export type ChatRequest = {
  model: string
  messages: ChatMessage[]
  stream?: boolean
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[]
  max_tokens?: number
  [key: string]: unknown
}

export type FakeReply = {
  /** Assistant text (streamed in pieces of `chunkSize` characters). */
  text?: string
  /** Tool calls the model makes (finish_reason tool_calls). */
  toolCalls?: { name: string; arguments: Record<string, unknown> }[]
  /** An error answer: HTTP status and the OpenAI-style error body. */
  status?: number
  error?: string
  /** Wait before the first byte. */
  delayMs?: number
  /** Wait between stream chunks. */
  chunkDelayMs?: number
  chunkSize?: number
  /** Answer 200 with a body that is not the protocol. */
  garbage?: boolean
  usage?: { prompt: number; completion: number }
  /** Streaming: after this many characters of `text` are sent, wait for `until` before the rest. */
  hold?: { chars: number; until: Promise<unknown> }
  /** Streaming: after this many characters of `text`, drop the connection (no finish, no [DONE]). */
  cutAfter?: number
}

export type FakeAiProvider = {
  /** The base URL to configure (…/v1). */
  baseUrl: string
  requests: ChatRequest[]
  speechRequests: Record<string, unknown>[]
  /** Streams the client hung up on before they ended. */
  abortedStreams: number
  /** Replaces how requests are answered. */
  reply(fn: (request: ChatRequest, index: number) => FakeReply): void
  close(): Promise<void>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The text of a message's content (string or parts). */
export function contentText(message: ChatMessage | undefined): string {
  if (!message?.content) return ''
  if (typeof message.content === 'string') return message.content
  return message.content.map((p) => p.text ?? '').join('')
}

/** The default answer: says which model answered and echoes the start of the last user message. */
const defaultReply = (request: ChatRequest): FakeReply => {
  const last = [...request.messages].reverse().find((m) => m.role === 'user')
  return { text: `Fake ${request.model} answer about: ${contentText(last).replace(/\s+/g, ' ').slice(0, 80)}` }
}

export async function startFakeAiProvider(initial?: (request: ChatRequest, index: number) => FakeReply): Promise<FakeAiProvider> {
  let answer = initial ?? defaultReply
  const requests: ChatRequest[] = []
  const speechRequests: Record<string, unknown>[] = []
  const state = { abortedStreams: 0 }
  let n = 0

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://x')
    if (req.method === 'POST' && url.pathname === '/v1/audio/speech') {
      const body = JSON.parse(raw || '{}')
      speechRequests.push(body)
      // A tiny valid WAV (0.05 s of silence): the browser can play it.
      const samples = 800
      const wav = Buffer.alloc(44 + samples * 2)
      wav.write('RIFF', 0); wav.writeUInt32LE(36 + samples * 2, 4); wav.write('WAVE', 8); wav.write('fmt ', 12)
      wav.writeUInt32LE(16, 16); wav.writeUInt16LE(1, 20); wav.writeUInt16LE(1, 22); wav.writeUInt32LE(16000, 24)
      wav.writeUInt32LE(32000, 28); wav.writeUInt16LE(2, 32); wav.writeUInt16LE(16, 34); wav.write('data', 36); wav.writeUInt32LE(samples * 2, 40)
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav)
      return
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.method} ${url.pathname}`, type: 'invalid_request_error' } }))
      return
    }
    let request: ChatRequest
    try {
      request = JSON.parse(raw)
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'invalid JSON', type: 'invalid_request_error' } }))
      return
    }
    requests.push(request)
    const script = answer(request, n++)
    let closed = false
    res.on('close', () => {
      if (!res.writableEnded) {
        closed = true
        if (request.stream) state.abortedStreams++
      }
    })
    if (script.delayMs) await sleep(script.delayMs)
    if (closed) return
    if (script.status && script.status >= 400) {
      res.writeHead(script.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: script.error ?? 'provider error', type: 'server_error', code: null } }))
      return
    }
    if (script.garbage) {
      res.writeHead(200, { 'content-type': request.stream ? 'text/event-stream' : 'application/json' }).end(request.stream ? 'data: {not json\n\n' : '<html>not the protocol</html>')
      return
    }
    const id = `chatcmpl-${n}`
    const created = Math.floor(Date.now() / 1000)
    const text = script.text ?? ''
    const usage = { prompt_tokens: script.usage?.prompt ?? 10, completion_tokens: script.usage?.completion ?? Math.max(1, Math.ceil(text.length / 4)), total_tokens: 0 }
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens
    const toolCalls = (script.toolCalls ?? []).map((t, i) => ({ id: `call_${n}_${i}`, type: 'function', function: { name: t.name, arguments: JSON.stringify(t.arguments) } }))
    const finish = toolCalls.length ? 'tool_calls' : 'stop'

    if (!request.stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ id, object: 'chat.completion', created, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content: toolCalls.length && !text ? null : text, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) }, finish_reason: finish }], usage }),
      )
      return
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`)
    const chunk = (delta: Record<string, unknown>, finish_reason: string | null = null) => send({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, finish_reason }] })
    chunk({ role: 'assistant', content: '' })
    const size = script.chunkSize ?? 8
    for (let i = 0; i < text.length; i += size) {
      if (closed) return
      if (script.cutAfter !== undefined && i >= script.cutAfter) {
        // What was written goes out first; then the connection drops mid-answer.
        await new Promise<void>((resolve) => res.write('', () => resolve()))
        await sleep(20)
        res.destroy()
        return
      }
      if (script.hold && i >= script.hold.chars && i - size < script.hold.chars) await script.hold.until
      if (script.chunkDelayMs) await sleep(script.chunkDelayMs)
      if (closed) return
      chunk({ content: text.slice(i, i + size) })
    }
    toolCalls.forEach((call, index) => {
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] })
      const args = call.function.arguments
      const half = Math.ceil(args.length / 2)
      chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] })
      chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] })
    })
    chunk({}, finish)
    send({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage })
    res.end('data: [DONE]\n\n')
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    speechRequests,
    get abortedStreams() {
      return state.abortedStreams
    },
    reply(fn) {
      answer = fn
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A model that "translates" Brook's <field> blocks by prefixing each text with `prefix`. */
export function translatingReply(prefix: string) {
  return (request: ChatRequest): FakeReply => {
    const user = contentText([...request.messages].reverse().find((m) => m.role === 'user'))
    const blocks = [...user.matchAll(/<field name="([^"]+)">([\s\S]*?)<\/field>/g)]
    return { text: blocks.map(([, name, text]) => `<field name="${name}">${prefix}${text}</field>`).join('\n') }
  }
}
