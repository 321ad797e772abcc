/**
 * A loopback SMTP server that keeps every message it is given (tests point `SMTP_URL` at it to
 * read what Brook mails: sign-in codes, verification links). Real SMTP through `smtp-server`; no
 * AUTH, no TLS, loopback only.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface SunkMail {
  from: string
  to: string[]
  subject: string
  /** The whole message as received (headers and body). */
  raw: string
}

export interface MailSink {
  port: number
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string
  messages: SunkMail[]
  /** The first message to `to` (after `since` messages) whose subject matches, waiting up to `timeoutMs`. */
  waitFor(to: string, subject: RegExp, options?: { since?: number; timeoutMs?: number }): Promise<SunkMail>
  close(): Promise<void>
}

/** The Subject header of a raw message, unfolded. */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ')
  return /^subject:\s*(.*)$/im.exec(head)?.[1].trim() ?? ''
}

export async function startMailSink(): Promise<MailSink> {
  const messages: SunkMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        messages.push({ from, to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: subjectOf(raw), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, subject, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 15_000)
      const wanted = to.toLowerCase()
      for (;;) {
        const found = messages.slice(options.since ?? 0).find((m) => m.to.includes(wanted) && subject.test(m.subject))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} (got: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ') || 'nothing'})`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
