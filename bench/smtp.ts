/**
 * bench/smtp (issue 12): messages per second the built-in SMTP receiver accepts into inboxes. A
 * real Brook (web role, SQLite in a temp dir, INBOX_SMTP_PORT) receives `messages=N` (default
 * 2,000) newsletter-sized messages (multipart/alternative, ~12 KB of HTML plus its text part, a
 * unique Message-ID each) over `connections=C` (default 8) SMTP connections on loopback, spread
 * over `inboxes=K` (default 4) inboxes of one user. A message counts once the receiver answered
 * 250 to its DATA, which it does only after the entry is stored. Prints messages/s, the latency
 * of the DATA answer (p50/p99) and checks that every message became exactly one entry.
 *
 * The sender speaks SMTP itself over a socket (EHLO, then MAIL/RCPT/DATA per message), so the
 * time measured is the receiver's, not a client library's.
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseEnv } from '../apps/server/src/env.ts'
import { startBrook } from '../apps/server/src/server.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const MESSAGES = Number(args.get('messages') ?? 2_000)
const CONNECTIONS = Number(args.get('connections') ?? 8)
const INBOXES = Number(args.get('inboxes') ?? 4)
const DOMAIN = 'in.bench.example'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-bench-smtp-'))
const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent', SERVICES: 'web', AUTH_RATE_LIMIT: 'false', RATE_LIMIT: 'false', INBOX_SMTP_PORT: '0', INBOX_DOMAIN: DOMAIN, AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123' })
const brook = await startBrook(env)

// One user with K inboxes, through the API.
const signUp = await fetch(`${brook.url}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: brook.url }, body: JSON.stringify({ email: 'bench@bench.example', password: 'correct horse battery', name: 'bench' }) })
if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`)
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ')
const handles: string[] = []
for (let i = 0; i < INBOXES; i++) {
  const handle = `bench-box-${i}`
  const r = await fetch(`${brook.url}/api/inboxes`, { method: 'POST', headers: { 'content-type': 'application/json', origin: brook.url, cookie }, body: JSON.stringify({ handle, title: `Bench ${i}` }) })
  if (!r.ok) throw new Error(`inbox failed: ${r.status} ${await r.text()}`)
  handles.push(handle)
}

const paragraph = (n: number, k: number) =>
  `<p>Story ${k} of issue ${n}: <a href="https://news.bench.example/${n}/${k}">a headline worth reading</a> — with a few sentences of summary text, the kind a weekly newsletter carries between its links, and <strong>some emphasis</strong>.</p>`

function message(n: number): string {
  const html = `<html><body><h1>Weekly issue ${n}</h1>${Array.from({ length: 40 }, (_, k) => paragraph(n, k)).join('\n')}</body></html>`
  const text = html.replace(/<[^>]+>/g, '')
  const boundary = `b-${n}`
  return [
    'From: "The Bench Weekly" <weekly@news.bench.example>',
    `To: ${handles[n % handles.length]}@${DOMAIN}`,
    `Subject: Weekly issue ${n}`,
    `Date: ${new Date(Date.now() - n * 1000).toUTCString()}`,
    `Message-ID: <issue-${n}@news.bench.example>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    `--${boundary}--`,
    '',
  ]
    .join('\r\n')
    .replace(/^\./gm, '..')
}

/** A line-oriented SMTP connection: send a command, await its (possibly multi-line) reply. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  socket.setNoDelay(true)
  let buffer = ''
  const waiting: ((reply: string) => void)[] = []
  const replies: string[] = []
  socket.setEncoding('utf8')
  socket.on('data', (data: string) => {
    buffer += data
    let end: number
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      if (/^\d{3} /.test(line)) {
        const resolve = waiting.shift()
        if (resolve) resolve(line)
        else replies.push(line)
      }
    }
  })
  const reply = () => new Promise<string>((resolve) => (replies.length ? resolve(replies.shift()!) : waiting.push(resolve)))
  const expect = async (code: string, what: string) => {
    const line = await reply()
    if (!line.startsWith(code)) throw new Error(`${what}: ${line}`)
  }
  await expect('220', 'greeting')
  return {
    async command(line: string, code: string) {
      socket.write(`${line}\r\n`)
      await expect(code, line)
    },
    async data(body: string) {
      socket.write(`DATA\r\n`)
      await expect('354', 'DATA')
      socket.write(`${body}\r\n.\r\n`)
      await expect('250', 'message')
    },
    close: () => socket.end(),
  }
}

const bodies = Array.from({ length: MESSAGES }, (_, n) => message(n))
let next = 0
const latencies: number[] = []
const started = performance.now()
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    const smtp = await connect(brook.smtpPort!)
    await smtp.command('EHLO bench.example', '250')
    for (let n = next++; n < MESSAGES; n = next++) {
      const sent = performance.now()
      await smtp.command('MAIL FROM:<weekly@news.bench.example>', '250')
      await smtp.command(`RCPT TO:<${handles[n % handles.length]}@${DOMAIN}>`, '250')
      await smtp.data(bodies[n])
      latencies.push(performance.now() - sent)
    }
    await smtp.command('QUIT', '221')
    smtp.close()
  }),
)
const elapsed = performance.now() - started

const stored = await brook.deps.database.db.selectFrom('entries').select((eb) => eb.fn.countAll().as('n')).where('inboxId', 'is not', null).executeTakeFirstOrThrow()
latencies.sort((a, b) => a - b)
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]
const kb = Buffer.byteLength(bodies[0]) / 1024
console.log(`messages: ${MESSAGES} (${kb.toFixed(1)} KB each) over ${CONNECTIONS} connections into ${INBOXES} inboxes; SQLite`)
console.log(`accepted: ${(MESSAGES / (elapsed / 1000)).toFixed(0)} messages/s (${(elapsed / 1000).toFixed(1)} s); per message MAIL→250 after DATA: p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`)
console.log(`entries stored: ${Number(stored.n)} of ${MESSAGES}`)
await brook.close()
fs.rmSync(dir, { recursive: true, force: true })
if (Number(stored.n) !== MESSAGES) process.exit(1)
