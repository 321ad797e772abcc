/**
 * AI bench (issue 10), extractive part: the built-in summarizer over 1,000 article-sized texts
 * (English, Chinese, Japanese; 4–8 KB each, built from the test articles' paragraphs in varied
 * order) on one core; prints articles/s and p50/p99 ms (target p99 < 20 ms).
 *
 * Chat part: time to first token of `chats=N` (default 100) chats through Brook (POST /api/ai/chat,
 * a new session each, first `text-delta` of the UI message stream) against the same request sent
 * straight to the loopback fake provider (first content delta of its SSE), alternating, after a
 * warm-up. Brook's overhead (target < 20 ms) is the difference: session and message rows written,
 * the tools set up, the AI SDK's parsing and re-encoding. A real Brook (web role, SQLite in a temp
 * dir) and the fake in this process.
 */
import fs from 'node:fs'
import path from 'node:path'
import os from 'node:os'
import { newId } from '@brook/shared'
import { extractiveSummary } from '../apps/server/src/domains/ai/providers/extractiveSummary.ts'
import { parseEnv } from '../apps/server/src/env.ts'
import { startBrook } from '../apps/server/src/server.ts'
import { startFakeAiProvider } from '../apps/server/src/test/fakeAiProvider.ts'

const dir = path.join(import.meta.dirname, '../apps/server/src/domains/ai/providers/testdata')
const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1] ?? fallback)
const count = arg('articles', 1000)
const chats = arg('chats', 100)
const sources = (['en', 'zh', 'ja'] as const).map((language) => ({ language, paragraphs: fs.readFileSync(path.join(dir, `${language}.txt`), 'utf8').split(/\n\s*\n/) }))

/** Article n: 2–3 copies of its language's paragraphs, rotated, so no two are alike. */
function article(n: number): { language: string; text: string } {
  const { language, paragraphs } = sources[n % sources.length]
  const copies = 2 + (n % 2)
  const out: string[] = []
  for (let c = 0; c < copies; c++) for (let i = 0; i < paragraphs.length; i++) out.push(paragraphs[(i + n + c * 3) % paragraphs.length])
  return { language, text: out.join('\n\n') }
}

const articles = Array.from({ length: count }, (_, n) => article(n))
for (const a of articles.slice(0, 30)) extractiveSummary(a.text, { language: a.language }) // warm-up
const times: number[] = []
const start = performance.now()
for (const a of articles) {
  const t0 = performance.now()
  extractiveSummary(a.text, { language: a.language })
  times.push(performance.now() - t0)
}
const total = performance.now() - start
times.sort((a, b) => a - b)
const pctOf = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const pct = (p: number) => pctOf(times, p)
const bytes = articles.reduce((s, a) => s + Buffer.byteLength(a.text), 0) / articles.length
console.log(`extractive summaries: ${count} articles (mean ${(bytes / 1024).toFixed(1)} KB)`)
console.log(`  ${(count / (total / 1000)).toFixed(0)} articles/s · p50 ${pct(50).toFixed(2)} ms · p99 ${pct(99).toFixed(2)} ms · max ${times.at(-1)!.toFixed(2)} ms (target p99 < 20 ms)`)

// ——— Chat time to first token: through Brook vs the fake provider's own ———
const fake = await startFakeAiProvider(() => ({ text: 'The orchard flooded after the spring rain, and the bees moved uphill to the old barn.', chunkSize: 8 }))
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-bench-ai-'))
const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVICES: 'web', AUTH_RATE_LIMIT: 'false', RATE_LIMIT: 'false', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_DAILY_TOKEN_BUDGET: '0' })
const brook = await startBrook(env)
const signUp = await fetch(`${brook.url}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: brook.url }, body: JSON.stringify({ email: 'bench@bench.example', password: 'correct horse battery', name: 'bench' }) })
if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`)
const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')

/** Milliseconds from sending the request to the first chunk `isFirst` accepts; reads the stream to its end. */
async function firstToken(url: string, body: unknown, headers: Record<string, string>, isFirst: (text: string) => boolean): Promise<number> {
  const t0 = performance.now()
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  if (!r.ok || !r.body) throw new Error(`${url} answered ${r.status}: ${await r.text()}`)
  const decoder = new TextDecoder()
  let seen = ''
  let at = -1
  for await (const piece of r.body) {
    seen += decoder.decode(piece as Uint8Array, { stream: true })
    if (at < 0 && isFirst(seen)) at = performance.now() - t0
  }
  if (at < 0) throw new Error(`${url}: no token in ${seen.slice(0, 300)}`)
  return at
}
const question = 'What happened at the orchard?'
const viaBrook = () => firstToken(`${brook.url}/api/ai/chat`, { id: newId(), messages: [{ id: newId(), role: 'user', parts: [{ type: 'text', text: question }] }] }, { origin: brook.url, cookie }, (t) => t.includes('"type":"text-delta"'))
const direct = () => firstToken(`${fake.baseUrl}/chat/completions`, { model: 'fake-model', stream: true, messages: [{ role: 'system', content: 'You answer questions about the reader\'s feeds.' }, { role: 'user', content: question }] }, {}, (t) => /"content":"[^"]/.test(t))

for (let i = 0; i < 10; i++) {
  await viaBrook()
  await direct()
}
const brookTimes: number[] = []
const fakeTimes: number[] = []
const diffs: number[] = []
for (let i = 0; i < chats; i++) {
  const b = await viaBrook()
  const f = await direct()
  brookTimes.push(b)
  fakeTimes.push(f)
  diffs.push(b - f)
}
for (const list of [brookTimes, fakeTimes, diffs]) list.sort((a, b) => a - b)
const line = (list: number[]) => `p50 ${pctOf(list, 50).toFixed(2)} ms · p90 ${pctOf(list, 90).toFixed(2)} ms · p99 ${pctOf(list, 99).toFixed(2)} ms`
console.log(`chat time to first token: ${chats} chats, alternating (loopback fake provider, Brook web role on SQLite)`)
console.log(`  through Brook:        ${line(brookTimes)}`)
console.log(`  fake provider alone:  ${line(fakeTimes)}`)
console.log(`  Brook's overhead:     ${line(diffs)} (per pair; target < 20 ms)`)
await brook.close()
await fake.close()
fs.rmSync(dataDir, { recursive: true, force: true })
