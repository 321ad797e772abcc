/**
 * AI bench (issue 10), extractive part: the built-in summarizer over 1,000 article-sized texts
 * (English, Chinese, Japanese; 4–8 KB each, built from the test articles' paragraphs in varied
 * order) on one core; prints articles/s and p50/p99 ms (target p99 < 20 ms). The chat
 * time-to-first-token comparison is not written yet (docs/ai.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import { extractiveSummary } from '../apps/server/src/domains/ai/providers/extractiveSummary.ts'

const dir = path.join(import.meta.dirname, '../apps/server/src/domains/ai/providers/testdata')
const count = Number(process.argv.find((a) => a.startsWith('articles='))?.split('=')[1] ?? 1000)
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
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]
const bytes = articles.reduce((s, a) => s + Buffer.byteLength(a.text), 0) / articles.length
console.log(`extractive summaries: ${count} articles (mean ${(bytes / 1024).toFixed(1)} KB)`)
console.log(`  ${(count / (total / 1000)).toFixed(0)} articles/s · p50 ${pct(50).toFixed(2)} ms · p99 ${pct(99).toFixed(2)} ms · max ${times.at(-1)!.toFixed(2)} ms (target p99 < 20 ms)`)
