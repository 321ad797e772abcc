/**
 * bench/parse: feed parsing throughput. Generates 100 deterministic, realistic feeds (RSS 2.0 and
 * Atom 1.0 with HTML content, 100 KB–5 MB each) into a temp dir, adds the gofeed and feedparser
 * corpus files (many tiny documents: per-document overhead), and times on the same files:
 *  - Brook parseFeed (bytes in: charset, DOCTYPE guard, feedsmith, normalize), sanitize off and on;
 *  - rss-parser (`parseString`);
 *  - bare feedsmith (`parseFeed` on the decoded string).
 *  - the same pipeline with the sanitize-html sanitizer (sanitizeHtmlBaseline.ts), the baseline of
 *    the streaming sanitizer.
 * Prints MB/s (and µs per document) per set and the ratios. Targets, on the generated feeds:
 * Brook parse+normalize ≥ 2× rss-parser and ≥ 0.8× bare feedsmith; Brook + sanitize ≥ 1× rss-parser
 * (issue #14: ≥ 75 MB/s on the 2-core reference machine).
 *
 * Usage: `npm run bench -- parse [feeds=100] [iterations=5] [seed=42] [keep]` (a leading `--` on
 * each option is accepted when the script is run directly: `node --expose-gc parse.ts --feeds=10`).
 *
 * `whole=20` measures whole processes instead (issue #14: "the whole-process parse of a 20 MB feed
 * within 2× of rss-parser's"): one generated RSS feed of about that many MB, parsed by
 * `node apps/server/src/cli.ts parse FILE` (Brook's CLI: start-up, parse, normalize, sanitize, JSON
 * out) and by a process doing the same with rss-parser (`parseString`, JSON out); each run
 * `runs=3` times, alternating; the CPU time of each whole process (start-up included, read by the
 * process itself at exit) and its wall time; the best run counts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { parseFeed as feedsmithParse } from 'feedsmith'
import RssParser from 'rss-parser'
import { normalizeFeed } from '../apps/server/src/reader/normalize/normalizeFeed.ts'
import { parseFeed as brookParse, parseDocument } from '../apps/server/src/reader/parser/parseFeed.ts'
import { sanitizeHtmlBaseline } from '../apps/server/src/reader/sanitizer/sanitizeHtmlBaseline.ts'
import { benchArgs } from './args.ts'

const args = benchArgs()
const FEEDS = Number(args.get('feeds') || 100)
const ITERATIONS = Number(args.get('iterations') || 5)
const SEED = Number(args.get('seed') || 42)
const MIN_BYTES = 100 * 1024
const MAX_BYTES = 5 * 1024 * 1024
const here = import.meta.dirname
const corporaRoot = path.resolve(here, '../../shared/corpora')

// ---------------------------------------------------------------- deterministic feed generator

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = (
  'the of and to in is that for it as was with on be by this are from at or an have not which but they one you ' +
  'feed reader server stream entry article release version update performance memory network request ' +
  'database query index cache latency throughput browser render layout script style module package build ' +
  'test deploy cluster node worker thread queue event signal timer buffer socket protocol header payload ' +
  'design pattern interface component state effect router store schema migration backup restore monitor ' +
  'café naïve résumé über straße 東京 データ 数据 новости αλφα'
).split(' ')

type Rand = () => number

const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1))
const words = (r: Rand, n: number) => Array.from({ length: n }, () => pick(r, WORDS)).join(' ')
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function paragraph(r: Rand): string {
  const parts: string[] = []
  const n = int(r, 30, 110)
  for (let i = 0; i < n; i += 6) {
    const chunk = words(r, 6)
    const roll = r()
    if (roll < 0.06) parts.push(`<a href="https://blog.example.com/${pick(r, WORDS)}/${int(r, 1, 9999)}?ref=feed&amp;utm=rss">${chunk}</a>`)
    else if (roll < 0.1) parts.push(`<strong>${chunk}</strong>`)
    else if (roll < 0.13) parts.push(`<em>${chunk}</em>`)
    else if (roll < 0.15) parts.push(`${chunk} &amp; ${pick(r, WORDS)}&#8217;s &ldquo;${pick(r, WORDS)}&rdquo;`)
    else parts.push(chunk)
  }
  return `<p>${parts.join(' ')}.</p>`
}

function articleHtml(r: Rand, targetChars: number): string {
  const out: string[] = []
  let size = 0
  while (size < targetChars) {
    const roll = r()
    let block: string
    if (roll < 0.08) block = `<figure><img src="https://cdn.example.com/img/${int(r, 1, 99999)}.jpg" alt="${words(r, 3)}" width="${int(r, 300, 1600)}" height="${int(r, 200, 900)}" loading="lazy"><figcaption>${words(r, 8)}</figcaption></figure>`
    else if (roll < 0.14) block = `<ul>${Array.from({ length: int(r, 2, 6) }, () => `<li>${words(r, int(r, 4, 14))}</li>`).join('')}</ul>`
    else if (roll < 0.18) block = `<pre><code>const x = a &lt; b &amp;&amp; c &gt; d; // ${words(r, 5)}\nfor (let i = 0; i &lt; n; i++) { total += i }</code></pre>`
    else if (roll < 0.21) block = `<blockquote><p>${words(r, int(r, 15, 40))}</p></blockquote>`
    else if (roll < 0.24) block = `<h2>${words(r, int(r, 3, 8))}</h2>`
    else if (roll < 0.25) block = `<iframe src="https://www.youtube.com/embed/${int(r, 100000, 999999)}" width="560" height="315" allowfullscreen></iframe>`
    else block = paragraph(r)
    out.push(block)
    size += block.length
  }
  return out.join('\n')
}

function rfc822(t: number): string {
  return new Date(t).toUTCString()
}

function rssFeed(r: Rand, index: number, targetBytes: number): string {
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
<title>${escapeXml(words(r, 4))} — feed ${index}</title>
<link>https://site${index}.example.com/</link>
<atom:link href="https://site${index}.example.com/feed.xml" rel="self" type="application/rss+xml"/>
<description>${escapeXml(words(r, 20))}</description>
<language>en-us</language>
<lastBuildDate>${rfc822(Date.UTC(2024, 4, 1))}</lastBuildDate>
<generator>bench</generator>
`
  const items: string[] = []
  let size = head.length
  let t = Date.UTC(2024, 4, 1)
  for (let i = 0; size < targetBytes; i++) {
    t -= int(r, 600, 86_400) * 1000
    const html = articleHtml(r, int(r, 2_000, 30_000))
    const summary = escapeXml(`<p>${words(r, int(r, 20, 60))}</p>`)
    const extras: string[] = []
    if (r() < 0.2) extras.push(`<enclosure url="https://cdn.example.com/audio/${index}-${i}.mp3" length="${int(r, 1e6, 9e7)}" type="audio/mpeg"/><itunes:duration>${int(r, 0, 2)}:${String(int(r, 0, 59)).padStart(2, '0')}:${String(int(r, 0, 59)).padStart(2, '0')}</itunes:duration>`)
    if (r() < 0.2) extras.push(`<media:content url="https://cdn.example.com/v/${index}-${i}.mp4" type="video/mp4" width="1280" height="720"/><media:thumbnail url="https://cdn.example.com/v/${index}-${i}.jpg"/>`)
    const item = `<item>
<title>${escapeXml(words(r, int(r, 4, 12)))}</title>
<link>https://site${index}.example.com/posts/${i}</link>
<guid isPermaLink="false">site${index}-post-${i}</guid>
<pubDate>${rfc822(t)}</pubDate>
<dc:creator>${escapeXml(words(r, 2))}</dc:creator>
${Array.from({ length: int(r, 1, 4) }, () => `<category>${pick(r, WORDS)}</category>`).join('')}
<description>${summary}</description>
<content:encoded><![CDATA[${html}]]></content:encoded>
${extras.join('\n')}
</item>
`
    items.push(item)
    size += item.length
  }
  return `${head}${items.join('')}</channel>\n</rss>\n`
}

function atomFeed(r: Rand, index: number, targetBytes: number): string {
  const head = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
<title>${escapeXml(words(r, 4))} — atom ${index}</title>
<subtitle type="html">${escapeXml(`<p>${words(r, 15)}</p>`)}</subtitle>
<link rel="alternate" type="text/html" href="https://atom${index}.example.org/"/>
<link rel="self" href="https://atom${index}.example.org/atom.xml"/>
<id>urn:uuid:feed-${index}</id>
<updated>${new Date(Date.UTC(2024, 4, 1)).toISOString()}</updated>
<author><name>${escapeXml(words(r, 2))}</name><email>author${index}@example.org</email></author>
`
  const entries: string[] = []
  let size = head.length
  let t = Date.UTC(2024, 4, 1)
  for (let i = 0; size < targetBytes; i++) {
    t -= int(r, 600, 86_400) * 1000
    const html = articleHtml(r, int(r, 2_000, 30_000))
    const stamp = new Date(t).toISOString()
    const escaped = r() < 0.5
    const entry = `<entry>
<title type="html">${escapeXml(escapeXml(words(r, int(r, 4, 12))))}</title>
<link rel="alternate" type="text/html" href="/posts/${i}.html"/>
<id>tag:atom${index}.example.org,2024:${i}</id>
<published>${stamp}</published>
<updated>${stamp}</updated>
${Array.from({ length: int(r, 1, 4) }, () => `<category term="${pick(r, WORDS)}"/>`).join('')}
<summary type="html">${escapeXml(`<p>${words(r, int(r, 20, 60))}</p>`)}</summary>
<content type="html">${escaped ? escapeXml(html) : `<![CDATA[${html}]]>`}</content>
</entry>
`
    entries.push(entry)
    size += entry.length
  }
  return `${head}${entries.join('')}</feed>\n`
}

function generateFeeds(dir: string): string[] {
  const r = mulberry32(SEED)
  const files: string[] = []
  for (let i = 0; i < FEEDS; i++) {
    // Log-uniform sizes between 100 KB and 5 MB: many mid-size feeds, a few huge ones.
    const target = Math.round(MIN_BYTES * (MAX_BYTES / MIN_BYTES) ** r())
    const xml = r() < 0.6 ? rssFeed(r, i, target) : atomFeed(r, i, target)
    const file = path.join(dir, `feed-${String(i).padStart(3, '0')}.${xml.includes('<rss') ? 'rss' : 'atom'}.xml`)
    fs.writeFileSync(file, xml)
    files.push(file)
  }
  return files
}

function corpusFiles(): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.xml')) out.push(p)
    }
  }
  walk(path.join(corporaRoot, 'gofeed/parser'))
  walk(path.join(corporaRoot, 'feedparser/wellformed'))
  return out.sort()
}

// ---------------------------------------------------------------- timing

type Doc = { bytes: Uint8Array; text: string; url: string }
type Contender = { name: string; parse: (doc: Doc) => unknown | Promise<unknown> }

const rssParser = new RssParser()
const contenders: Contender[] = [
  // Like for like: the same decoded string the other parsers get.
  { name: 'Brook parse+normalize', parse: (d) => brookParse(d.text, { feedUrl: d.url, sanitize: false }) },
  // The real pipeline input: bytes, charset detection and decoding included.
  { name: 'Brook from bytes', parse: (d) => brookParse(d.bytes, { feedUrl: d.url, sanitize: false }) },
  { name: 'Brook + sanitize', parse: (d) => brookParse(d.bytes, { feedUrl: d.url }) },
  // The baseline: the same pipeline with the sanitize-html sanitizer the streaming one replaced.
  {
    name: 'Brook + sanitize-html',
    parse: (d) => normalizeFeed(parseDocument(d.bytes), { feedUrl: d.url, now: new Date(), sanitize: (html, base) => sanitizeHtmlBaseline(html, base ?? undefined) }),
  },
  { name: 'rss-parser', parse: (d) => rssParser.parseString(d.text) },
  { name: 'bare feedsmith', parse: (d) => feedsmithParse(d.text) },
]

const gc = (globalThis as { gc?: () => void }).gc

/**
 * One pass over the documents. Time is the process's CPU time (user + system, all threads, so GC
 * work counts): on a shared machine wall-clock time mostly measures the neighbours.
 */
async function timeOnce(c: Contender, docs: Doc[]): Promise<{ ms: number; errors: number }> {
  let errors = 0
  // Start every pass with a clean heap, so no contender pays for another's garbage.
  gc?.()
  const start = process.cpuUsage()
  for (const d of docs) {
    try {
      await c.parse(d)
    } catch {
      errors++
    }
  }
  const used = process.cpuUsage(start)
  return { ms: (used.user + used.system) / 1000, errors }
}

/**
 * One warm-up pass per contender, then ITERATIONS rounds in which every contender parses every
 * document once, round-robin (so background load hits all alike); the best pass of each counts.
 */
async function measureAll(docs: Doc[]): Promise<Map<string, { ms: number; errors: number }>> {
  const out = new Map<string, { ms: number; errors: number }>()
  for (const c of contenders) out.set(c.name, { ms: Number.POSITIVE_INFINITY, errors: (await timeOnce(c, docs)).errors })
  for (let i = 0; i < ITERATIONS; i++) {
    for (const c of contenders) {
      const r = out.get(c.name)!
      r.ms = Math.min(r.ms, (await timeOnce(c, docs)).ms)
    }
  }
  return out
}

function load(files: string[]): Doc[] {
  return files.map((f) => {
    const bytes = new Uint8Array(fs.readFileSync(f))
    return { bytes, text: new TextDecoder().decode(bytes), url: `https://bench.example/${path.basename(f)}` }
  })
}

/** `whole=MB`: Brook's CLI against an rss-parser process on one big feed, whole processes. */
function wholeProcess(dir: string, megabytes: number, runs: number): boolean {
  const file = path.join(dir, 'big.rss.xml')
  fs.writeFileSync(file, rssFeed(mulberry32(SEED), 0, megabytes * 1024 * 1024))
  const size = fs.statSync(file).size / 1024 / 1024
  // Each process reports its own CPU time (user + system, whole life) and peak RSS when it exits.
  const reporter = path.join(dir, 'report.mjs')
  fs.writeFileSync(
    reporter,
    "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write(`\\nBENCH ${(u.user + u.system) / 1000} ${process.resourceUsage().maxRSS}\\n`) })\n",
  )
  const rssParserScript =
    "import fs from 'node:fs'; import RssParser from 'rss-parser'; const feed = await new RssParser().parseString(fs.readFileSync(process.argv[1], 'utf8')); process.stdout.write(JSON.stringify(feed, null, 2) + '\\n')"
  const cli = path.resolve(here, '../apps/server/src/cli.ts')
  const commands: [string, string[]][] = [
    ['brook parse (CLI)', ['--import', pathToFileURL(reporter).href, cli, 'parse', file]],
    ['rss-parser process', ['--import', pathToFileURL(reporter).href, '--input-type=module', '-e', rssParserScript, file]],
  ]
  const best = new Map<string, { cpu: number; wall: number; rss: number }>()
  for (let i = 0; i < runs; i++) {
    for (const [name, argv] of commands) {
      const t0 = performance.now()
      const out = fs.openSync('/dev/null', 'w')
      const r = spawnSync(process.execPath, argv, { cwd: here, stdio: ['ignore', out, 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      fs.closeSync(out)
      const wall = performance.now() - t0
      const m = /BENCH ([\d.]+) (\d+)/.exec(r.stderr ?? '')
      if (r.status !== 0 || !m) throw new Error(`${name} failed (${r.status}): ${(r.stderr ?? '').slice(0, 500)}`)
      const run = { cpu: Number(m[1]), wall, rss: Number(m[2]) / 1024 }
      const prev = best.get(name)
      if (!prev || run.cpu < prev.cpu) best.set(name, run)
    }
  }
  console.log(`bench/parse whole=${megabytes}: one generated RSS feed of ${size.toFixed(1)} MB, best of ${runs} runs; Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`)
  for (const [name, r] of best) {
    console.log(`    ${name.padEnd(20)} CPU ${(r.cpu / 1000).toFixed(2).padStart(6)} s   wall ${(r.wall / 1000).toFixed(2).padStart(6)} s   peak RSS ${r.rss.toFixed(0).padStart(4)} MB`)
  }
  const brook = best.get('brook parse (CLI)')!
  const rss = best.get('rss-parser process')!
  const ratio = brook.cpu / rss.cpu
  console.log(`\n  brook parse takes ${ratio.toFixed(2)}× rss-parser's CPU time (target ≤ 2×): ${ratio <= 2 ? 'meets' : 'MISSES'}`)
  return ratio <= 2
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-bench-parse-'))
  try {
    if (args.get('whole')) {
      if (!wholeProcess(dir, Number(args.get('whole')), Number(args.get('runs') || 3))) process.exitCode = 1
      return
    }
    const t0 = performance.now()
    const generated = load(generateFeeds(dir))
    const corpora = load(corpusFiles())
    const mb = (docs: Doc[]) => docs.reduce((n, d) => n + d.bytes.length, 0) / 1024 / 1024
    console.log(
      `bench/parse: ${generated.length} generated feeds (${mb(generated).toFixed(1)} MB, seed ${SEED}) in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
        `${corpora.length} corpus files (${mb(corpora).toFixed(2)} MB); CPU time, best of ${ITERATIONS} round-robin passes after a warm-up; Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`,
    )
    const sets: [string, Doc[]][] = [
      ['generated', generated],
      ['corpora', corpora],
      ['all', [...generated, ...corpora]],
    ]
    const results = new Map<string, Map<string, { ms: number; errors: number; mbps: number }>>()
    for (const [setName, docs] of sets) {
      const perSet = new Map<string, { ms: number; errors: number; mbps: number }>()
      if (setName === 'all') {
        // The sum of the two sets: no need to parse everything again.
        for (const c of contenders) {
          const g = results.get('generated')!.get(c.name)!
          const k = results.get('corpora')!.get(c.name)!
          const ms = g.ms + k.ms
          perSet.set(c.name, { ms, errors: g.errors + k.errors, mbps: mb(docs) / (ms / 1000) })
        }
      } else {
        for (const [name, r] of await measureAll(docs)) perSet.set(name, { ...r, mbps: mb(docs) / (r.ms / 1000) })
      }
      results.set(setName, perSet)
      console.log(`\n  ${setName} (${docs.length} files, ${mb(docs).toFixed(1)} MB)`)
      for (const [name, r] of perSet) {
        const perDoc = (r.ms * 1000) / docs.length
        console.log(
          `    ${name.padEnd(22)} ${r.mbps.toFixed(1).padStart(7)} MB/s  ${(r.ms / 1000).toFixed(2).padStart(6)} s  ${perDoc.toFixed(0).padStart(6)} µs/doc${r.errors ? `  (${r.errors} files threw)` : ''}`,
        )
      }
    }
    console.log('\n  ratios (Brook parse+normalize throughput ÷ other; the sanitizers: Brook + sanitize ÷ other)')
    let ok = true
    for (const [setName, perSet] of results) {
      const brook = perSet.get('Brook parse+normalize')!.mbps
      const vsRss = brook / perSet.get('rss-parser')!.mbps
      const vsFs = brook / perSet.get('bare feedsmith')!.mbps
      const sanitizeCost = perSet.get('Brook + sanitize')!.mbps / perSet.get('Brook from bytes')!.mbps
      const vsBaseline = perSet.get('Brook + sanitize')!.mbps / perSet.get('Brook + sanitize-html')!.mbps
      const sanitizedVsRss = perSet.get('Brook + sanitize')!.mbps / perSet.get('rss-parser')!.mbps
      const meets = vsRss >= 2 && vsFs >= 0.8 && sanitizedVsRss >= 1
      if (setName === 'generated') ok &&= meets
      console.log(
        `    ${setName.padEnd(10)} vs rss-parser ${vsRss.toFixed(2)}× (target ≥ 2)   vs bare feedsmith ${vsFs.toFixed(2)}× (target ≥ 0.8)   with sanitize ${sanitizeCost.toFixed(2)}× of without   ` +
          `streaming sanitizer ${vsBaseline.toFixed(2)}× sanitize-html   Brook + sanitize vs rss-parser ${sanitizedVsRss.toFixed(2)}× (target ≥ 1)   ${meets ? 'meets' : 'MISSES'}`,
      )
    }
    console.log(
      `\n  ${ok ? 'targets met' : 'targets MISSED'} on the generated feeds (100 KB–5 MB). The corpora are hundreds of tiny documents: there the\n` +
        '  fixed cost per document dominates (~0.3 ms, inside fast-xml-parser, which compiles its stop-node paths on every parse —\n' +
        '  bare feedsmith pays it too), and rss-parser gives up early on many of them.',
    )
    if (!ok) process.exitCode = 1
  } finally {
    if (args.has('keep')) console.log(`  feeds kept in ${dir}`)
    else fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
