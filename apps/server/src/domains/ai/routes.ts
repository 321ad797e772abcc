/** /api/ai (SPEC §7 ai group, issue 10): summaries, translation, the daily digest, chat, and the AI settings' provider. */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse, JsonValueSchema, queryView, timeInput } from '../../lib/apiSchemas.ts'
import type { AiService } from './service.ts'
import { TRANSLATION_FIELDS } from './translations.ts'

/** A BCP 47 language tag (en, zh-CN, ja …). */
export const languageSchema = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, 'not a language tag')

const SummarySchema = z
  .object({
    summary: z.string().nullable().openapi({ description: 'null when the source text is shorter than 100 characters (SPEC §9)' }),
    engine: z.enum(['extractive', 'model']).nullable().openapi({ description: 'What made it: the built-in extractive summarizer or a model' }),
    model: z.string().nullable(),
  })
  .openapi('AiSummary')

const StatusSchema = z
  .object({
    provider: z.enum(['own', 'instance', 'none']),
    model: z.string().nullable(),
    own: z.object({ baseUrl: z.string(), model: z.string(), apiKey: z.string().nullable().openapi({ description: 'Masked: only the last four characters' }) }).nullable(),
    features: z.object({
      summary: z.enum(['model', 'extractive']),
      digest: z.enum(['model', 'extractive']),
      translation: z.boolean(),
      chat: z.boolean(),
      tts: z.enum(['provider', 'browser']),
    }),
    usage: z.object({ used: z.number(), budget: z.number().nullable().openapi({ description: 'null: unlimited' }) }),
  })
  .openapi('AiStatus')

const summaryRoute = createRoute({
  method: 'get',
  path: '/summary',
  tags: ['ai'],
  summary: "An entry's summary (a model's, or the built-in extractive one when no provider is configured)",
  description:
    'Answers the finished summary as JSON. With `stream=1` (or `Accept: text/event-stream`) it streams instead: server-sent events, each `data: {SummaryEvent}` — `start` (engine, model), `text-delta` (the text so far on joining, then each piece as the model writes it), then `finish` (the stored summary, as in the JSON answer) or `error` (code, message, reason) — ending with `data: [DONE]`. A request for a summary being generated joins it. Refusals that need no generation (3000, 15000, 4) are answered as JSON errors before any event.',
  request: {
    query: z.strictObject({
      id: idSchema,
      language: languageSchema.default('en'),
      target: z.enum(['content', 'readabilityContent']).default('content'),
      stream: z.enum(['0', '1']).optional().openapi({ description: '1: stream the summary as server-sent events (as with Accept: text/event-stream)' }),
    }),
  },
  responses: {
    200: {
      description: 'The summary (JSON), or its stream (server-sent events)',
      content: { 'application/json': { schema: envelope(SummarySchema) }, 'text/event-stream': { schema: z.string().openapi({ description: 'Server-sent events, each `data: <event JSON>`: `{type:"start", engine, model}`, `{type:"text-delta", delta}`, `{type:"finish", summary, engine, model}` or `{type:"error", code, message, reason?}`; then `data: [DONE]` (SummaryEvent in domains/ai/summaries.ts)' }) } },
    },
    ...errors(1005, 3000, 15000),
  },
})

const TranslationSchema = z
  .object(Object.fromEntries(TRANSLATION_FIELDS.map((f) => [f, z.string().optional()])) as Record<(typeof TRANSLATION_FIELDS)[number], z.ZodOptional<z.ZodString>>)
  .openapi('AiTranslation', { description: 'Translated fields; content as one <p data-para="i"> per translated paragraph i (splitParagraphs in @brook/shared)' })

const fieldsSchema = z
  .string()
  .default('title,description,content')
  .transform((v, ctx) => {
    const list = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))]
    const bad = list.filter((f) => !(TRANSLATION_FIELDS as readonly string[]).includes(f))
    if (bad.length || list.length === 0) ctx.addIssue({ code: 'custom', message: `fields are ${TRANSLATION_FIELDS.join(', ')}` })
    return list as (typeof TRANSLATION_FIELDS)[number][]
  })
  .openapi({ type: 'string', description: `Comma-separated: ${TRANSLATION_FIELDS.join(', ')}` })

const translationRoute = createRoute({
  method: 'get',
  path: '/translation',
  tags: ['ai'],
  summary: "An entry's fields in another language (only fields that exist, are not yet translated, and are not already in that language)",
  request: { query: z.strictObject({ id: idSchema, language: languageSchema, fields: fieldsSchema }) },
  responses: { 200: jsonResponse(envelope(TranslationSchema), 'The translated fields'), ...errors(5, 1005, 3000, 15000) },
})

const ChatPartSchema = z.object({ type: z.string().max(100), text: z.string().max(20_000).optional() })
const chatRoute = createRoute({
  method: 'post',
  path: '/chat',
  tags: ['ai'],
  summary: 'Send a message to the AI chat (1004 while the admin’s ai_chat flag is off for me); the answer streams in the AI SDK UI message stream protocol (server-sent events)',
  request: jsonBody(
    z.object({
      id: z.string().min(1).max(100).openapi({ description: 'The chat session id (made by the client)' }),
      messages: z.array(z.object({ id: z.string().min(1).max(100), role: z.enum(['user', 'assistant', 'system']), parts: z.array(ChatPartSchema).max(200) })).min(1).max(200),
    }),
  ),
  responses: {
    200: { description: 'Server-sent events, each `data: {UIMessageChunk}`, ending with `data: [DONE]`', content: { 'text/event-stream': { schema: z.string() } } },
    ...errors(5, 6, 1004, 1005, 15000, 15001),
  },
})

const ChatSessionSchema = z.object({ chatId: z.string(), title: z.string().nullable(), createdAt: z.string(), updatedAt: z.string() }).openapi('AiChatSession')
const ChatMessageSchema = z
  .object({
    id: z.string(),
    chatId: z.string(),
    role: z.string(),
    parts: z.array(JsonValueSchema).openapi({ description: 'AI SDK UI message parts, as the model and tools produced them' }),
    metadata: JsonValueSchema.nullable(),
    status: z.enum(['completed', 'aborted', 'error']).or(z.string()),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('AiChatMessage')

const sessionsRoute = createRoute({
  method: 'get',
  path: '/chat/sessions',
  tags: ['ai'],
  summary: "The user's chat sessions, most recent first",
  responses: { 200: jsonResponse(envelope(z.array(ChatSessionSchema)), 'Sessions'), ...errors() },
})

const sessionParams = z.object({ id: z.string().min(1).max(100) })
const messagesRoute = createRoute({
  method: 'get',
  path: '/chat/sessions/{id}/messages',
  tags: ['ai'],
  summary: "One session's messages, oldest first",
  request: { params: sessionParams },
  responses: { 200: jsonResponse(envelope(z.array(ChatMessageSchema)), 'Messages'), ...errors(6) },
})

const deleteSessionRoute = createRoute({
  method: 'delete',
  path: '/chat/sessions/{id}',
  tags: ['ai'],
  summary: 'Delete a chat session and its messages',
  request: { params: sessionParams },
  responses: { 200: jsonResponse(envelope(z.object({ chatId: z.string() })), 'Deleted'), ...errors(6) },
})

const summaryTitleRoute = createRoute({
  method: 'post',
  path: '/summary-title',
  tags: ['ai'],
  summary: 'A short title for a text (a chat session or an entry); without a provider, the text\'s own start',
  request: jsonBody(z.strictObject({ text: z.string().min(1).max(20_000), language: languageSchema.optional() })),
  responses: { 200: jsonResponse(envelope(z.object({ title: z.string() })), 'The title'), ...errors(1005, 15000) },
})

const DigestEntrySchema = z.object({ id: z.string(), title: z.string().nullable(), url: z.string().nullable(), source: z.string().nullable(), publishedAt: z.string() })
const DigestSchema = z
  .object({
    view: z.number(),
    startDate: z.string().openapi({ description: 'Start of the half day (8 AM or 8 PM in the general timeZone), ISO' }),
    endDate: z.string(),
    timeZone: z.string(),
    final: z.boolean().openapi({ description: 'false while the half day is still running (the digest so far)' }),
    engine: z.enum(['extractive', 'model']),
    model: z.string().nullable(),
    topics: z.array(z.object({ title: z.string(), summary: z.string(), entries: z.array(DigestEntrySchema) })),
    generatedAt: z.string(),
  })
  .openapi('AiDigest')

const dailyRoute = createRoute({
  method: 'get',
  path: '/daily',
  tags: ['ai'],
  summary: "The daily digest: the user's entries of one view and half day, grouped by topic, with links back to them",
  request: {
    query: z.strictObject({
      view: queryView.default(0),
      startDate: timeInput.optional().openapi({ type: 'string', description: 'Any instant in the half day wanted (default: the half day that ended last)' }),
      language: languageSchema.optional().openapi({ description: "Default: the user's action language, else their UI language" }),
    }),
  },
  responses: { 200: jsonResponse(envelope(DigestSchema), 'The digest'), ...errors(1005, 15000) },
})

const speechRoute = createRoute({
  method: 'get',
  path: '/speech',
  tags: ['ai'],
  summary: "An entry read aloud by the provider's speech model (AI_TTS_MODEL); without one the web uses the browser's speech synthesis",
  request: { query: z.strictObject({ id: idSchema, voice: z.string().max(200).optional().openapi({ description: "The provider's voice name (default alloy)" }) }) },
  responses: {
    200: { description: 'The audio, as the provider made it', content: { 'audio/mpeg': { schema: z.string().openapi({ format: 'binary' }) }, 'audio/wav': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errors(4, 5, 1005, 3000, 15000),
  },
})

const statusRoute = createRoute({
  method: 'get',
  path: '/status',
  tags: ['ai'],
  summary: 'Which provider answers the user, what works with it, and the usage today',
  responses: { 200: jsonResponse(envelope(StatusSchema), 'AI status'), ...errors() },
})

const setProviderRoute = createRoute({
  method: 'put',
  path: '/provider',
  tags: ['ai'],
  summary: "Set the user's own OpenAI-compatible endpoint (the key is kept encrypted; omit apiKey to keep the stored one)",
  request: jsonBody(z.strictObject({ baseUrl: z.string().min(1).max(2000), model: z.string().min(1).max(200), apiKey: z.string().max(2000).nullable().optional() })),
  responses: { 200: jsonResponse(envelope(StatusSchema), 'AI status'), ...errors() },
})

const removeProviderRoute = createRoute({
  method: 'delete',
  path: '/provider',
  tags: ['ai'],
  summary: "Forget the user's own endpoint (back to the instance's provider, if any)",
  responses: { 200: jsonResponse(envelope(StatusSchema), 'AI status'), ...errors() },
})

export function aiRoutes({ ai }: { ai: AiService }) {
  const router = createRouter()

  router.openapi(summaryRoute, async (c) => {
    const user = requireUser(c)
    const { stream, ...query } = c.req.valid('query')
    const wantsStream = stream === '1' || (stream === undefined && /\btext\/event-stream\b/.test(c.req.header('accept') ?? ''))
    if (!wantsStream) return c.json(ok(await ai.summary(user, query)), 200)
    const events = await ai.summaryEvents(user, query)
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await events.next()
        if (next.done) {
          controller.enqueue(encoder.encode('data: [DONE]\n\n'))
          controller.close()
        } else controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`))
      },
      async cancel() {
        await events.return(undefined)
      },
    })
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' } }) as never
  })

  router.openapi(translationRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await ai.translation(user, c.req.valid('query'))), 200)
  })

  router.openapi(chatRoute, async (c) => {
    const user = requireUser(c)
    return (await ai.chat(user, c.req.valid('json'), c.req.raw.signal)) as never
  })

  router.openapi(sessionsRoute, async (c) => c.json(ok(await ai.chatSessions(requireUser(c))), 200))

  router.openapi(messagesRoute, async (c) => c.json(ok((await ai.chatMessages(requireUser(c), c.req.valid('param').id)) as z.infer<typeof ChatMessageSchema>[]), 200))

  router.openapi(deleteSessionRoute, async (c) => {
    const { id } = c.req.valid('param')
    await ai.deleteChatSession(requireUser(c), id)
    return c.json(ok({ chatId: id }), 200)
  })

  router.openapi(summaryTitleRoute, async (c) => c.json(ok(await ai.summaryTitle(requireUser(c), c.req.valid('json'))), 200))

  router.openapi(dailyRoute, async (c) => c.json(ok(await ai.daily(requireUser(c), c.req.valid('query'))), 200))

  router.openapi(speechRoute, async (c) => {
    const { audio, type } = await ai.speech(requireUser(c), c.req.valid('query'))
    return c.body(audio as never, 200, { 'content-type': type, 'cache-control': 'private, max-age=3600' }) as never
  })

  router.openapi(statusRoute, async (c) => c.json(ok(await ai.status(requireUser(c))), 200))

  router.openapi(setProviderRoute, async (c) => c.json(ok(await ai.setProvider(requireUser(c), c.req.valid('json'))), 200))

  router.openapi(removeProviderRoute, async (c) => c.json(ok(await ai.removeProvider(requireUser(c))), 200))

  return router
}
