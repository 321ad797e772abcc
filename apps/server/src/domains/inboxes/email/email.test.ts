/**
 * E-mail into inboxes on both databases: real mail sent with nodemailer to the built-in SMTP
 * receiver on loopback (HTML with an inline image and an attachment, text only, unknown
 * recipient, oversize, too many recipients, malformed, a resend), and the same messages through
 * POST /api/inboxes/email.
 */
import nodemailer from 'nodemailer'
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../../test/testServer.ts'
import { unreadRepo } from '../../unread/repo.ts'

const SECRET = 'email-secret-0123456789'
// A 1×1 PNG.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

function compose(mail: Record<string, unknown>): Promise<Buffer> {
  return new MailComposer(mail as never).compile().build()
}

describeEachDialect('e-mail into inboxes', (dialect) => {
  let server: TestServer
  let a: TestClient
  let b: TestClient
  let transport: ReturnType<typeof nodemailer.createTransport>

  beforeAll(async () => {
    server = await startTestServer(dialect, { INBOX_SMTP_PORT: '0', INBOX_DOMAIN: 'in.brook.test', INBOX_MAX_BYTES: String(200 * 1024), INBOX_MAX_RECIPIENTS: '3', INBOX_EMAIL_SECRET: SECRET })
    a = await signedUpClient(server, 'mail-a@example.com')
    b = await signedUpClient(server, 'mail-b@example.com')
    expect((await a.post('/api/inboxes', { handle: 'letters', title: 'Letters' })).status).toBe(200)
    expect((await a.post('/api/inboxes', { handle: 'other-box' })).status).toBe(200)
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.smtpPort!, secure: false, ignoreTLS: true })
  }, 60_000)

  afterAll(async () => {
    transport?.close()
    await server?.stop()
  })

  const inboxItems = async (handle: string) => (await a.get(`/api/entries?inboxId=${handle}&limit=100`)).body.data as any[]

  it('an HTML newsletter with an inline image and an attachment becomes an entry', async () => {
    expect((await a.get('/api/inboxes?handle=letters')).body.data.address).toBe('letters@in.brook.test')
    // The web app learns the domain (and that mail is received) from the public configs.
    expect((await fetch(`${server.url}/api/status/configs`).then((r) => r.json() as Promise<any>)).data.features.inbox).toEqual({ domain: 'in.brook.test', smtp: true, http: true })
    const info = await transport.sendMail({
      from: '"The Weekly" <weekly@news.example>',
      to: 'letters@in.brook.test',
      subject: 'Issue 42',
      date: new Date('2025-03-01T10:00:00Z'),
      messageId: '<issue-42@news.example>',
      html: '<h1>Hello</h1><p>Read <a href="https://news.example/42">more</a></p><img src="cid:logo@news" alt="logo"><script>alert(1)</script>',
      text: 'Hello (text part)',
      attachments: [
        { filename: 'logo.png', content: PIXEL, cid: 'logo@news', contentType: 'image/png' },
        { filename: 'report.pdf', content: Buffer.from('%PDF-1.4 pretend'), contentType: 'application/pdf' },
      ],
    })
    expect(info.rejected).toEqual([])
    const [item] = await inboxItems('letters')
    expect(item.entries).toMatchObject({ title: 'Issue 42', author: 'The Weekly', guid: '<issue-42@news.example>', publishedAt: '2025-03-01T10:00:00.000Z', inboxHandle: 'letters' })
    const detail = (await a.get(`/api/entries?id=${item.entries.id}`)).body.data.entries
    expect(detail.content).toContain('<h1>Hello</h1>')
    expect(detail.content).not.toContain('<script')
    expect(detail.content).toContain('src="data:image/png;base64,')
    expect(detail.content).not.toContain('cid:')
    expect(detail.attachments).toHaveLength(1)
    expect(detail.attachments[0]).toMatchObject({ title: 'report.pdf', mime_type: 'application/pdf', size_in_bytes: 16 })
    // The attachment is served to the inbox's owner only.
    const path = new URL(detail.attachments[0].url, server.url).pathname
    const file = await fetch(`${server.url}${path}`, { headers: { cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toContain('report.pdf')
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('%PDF-1.4 pretend')
    expect((await b.get(path)).body.code).toBe(10003)
    expect((await a.get(path.replace(/[0-9a-f]{64}$/, '0'.repeat(64)))).body.code).toBe(6)
  })

  it('a resend (same Message-ID) is not a duplicate; a text-only mail is stored as paragraphs', async () => {
    await transport.sendMail({ from: 'weekly@news.example', to: 'letters@in.brook.test', subject: 'Issue 42 again', messageId: '<issue-42@news.example>', html: '<p>again</p>' })
    await transport.sendMail({ from: 'Friend <friend@example.org>', to: 'LETTERS+tag@IN.BROOK.TEST', subject: 'Plain', text: 'Line one\nline two\n\nSecond <para>' })
    const items = await inboxItems('letters')
    expect(items.map((i) => i.entries.title).sort()).toEqual(['Issue 42', 'Plain'])
    const plain = items.find((i) => i.entries.title === 'Plain')
    const detail = (await a.get(`/api/entries?id=${plain.entries.id}`)).body.data.entries
    expect(detail.content).toBe('<p>Line one<br />line two</p>\n<p>Second &lt;para&gt;</p>')
    expect(detail.author).toBe('Friend')
    expect((await a.get('/api/reads')).body.data.letters).toBe(2)
  })

  it('refuses unknown recipients at RCPT (550), too many recipients (452), oversize at DATA (552)', async () => {
    await expect(transport.sendMail({ from: 'x@example.org', to: 'nobody@in.brook.test', subject: 'x', text: 'x' })).rejects.toMatchObject({ responseCode: 550 })
    await expect(transport.sendMail({ from: 'x@example.org', to: 'letters@elsewhere.example', subject: 'x', text: 'x' })).rejects.toMatchObject({ responseCode: 550 })
    // Four recipients, limit three: the fourth is refused, the message still reaches the others once.
    const many = await transport.sendMail({ from: 'x@example.org', to: ['letters@in.brook.test', 'other-box@in.brook.test', 'letters+b@in.brook.test', 'other-box+c@in.brook.test'], subject: 'Many', text: 'many' })
    expect(many.rejected).toEqual(['other-box+c@in.brook.test'])
    expect((many as any).rejectedErrors[0].responseCode).toBe(452)
    expect((await inboxItems('other-box')).map((i) => i.entries.title)).toEqual(['Many'])
    expect((await inboxItems('letters')).filter((i) => i.entries.title === 'Many')).toHaveLength(1)
    await expect(transport.sendMail({ from: 'x@example.org', to: 'letters@in.brook.test', subject: 'Big', text: 'x'.repeat(300 * 1024) })).rejects.toMatchObject({ responseCode: 552 })
    expect((await inboxItems('letters')).some((i) => i.entries.title === 'Big')).toBe(false)
  })

  it('a malformed message is stored as well as it can be read or refused with a clear reply; the process keeps running', async () => {
    const garbage = Buffer.from('this is not\r\na mime message at all \x00\x01\r\n')
    const sent = await transport.sendMail({ envelope: { from: 'x@example.org', to: ['letters@in.brook.test'] }, raw: garbage }).catch((e: unknown) => e as { responseCode?: number })
    expect([undefined, 554]).toContain((sent as { responseCode?: number }).responseCode)
    const broken = Buffer.from('Subject: Broken multipart\r\nContent-Type: multipart/mixed; boundary="zz"\r\nMessage-ID: <broken@x>\r\n\r\n--zz\r\nContent-Type: text/plain\r\n\r\nstill readable\r\n--zz\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\n%%%not base64%%%\r\n')
    await transport.sendMail({ envelope: { from: 'x@example.org', to: ['letters@in.brook.test'] }, raw: broken })
    expect((await inboxItems('letters')).some((i) => i.entries.title === 'Broken multipart')).toBe(true)
    // A deeply nested bomb is cut at the part limit.
    let bomb = 'Subject: Bomb\r\n'
    for (let i = 0; i < 300; i++) bomb += `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`
    await expect(transport.sendMail({ envelope: { from: 'x@example.org', to: ['letters@in.brook.test'] }, raw: bomb })).rejects.toMatchObject({ responseCode: 554 })
    expect((await a.get('/api/inboxes/list')).status).toBe(200)
    expect((await unreadRepo(server.database.db, dialect).auditCounters()).wrong).toEqual([])
  })

  it('POST /api/inboxes/email takes the same messages, authenticated by INBOX_EMAIL_SECRET', async () => {
    const raw = await compose({ from: 'relay@news.example', to: 'other-box@in.brook.test', subject: 'Via HTTP', messageId: '<http-1@news.example>', html: '<p>over http</p>' })
    const post = (body: Buffer, headers: Record<string, string>) =>
      fetch(`${server.url}/api/inboxes/email`, { method: 'POST', headers: { 'content-type': 'message/rfc822', ...headers }, body: new Uint8Array(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))
    expect((await post(raw, { 'x-inbox-email-secret': 'wrong-secret-wrong' })).body.code).toBe(10003)
    const first = await post(raw, { 'x-inbox-email-secret': SECRET })
    expect(first.status).toBe(200)
    expect(first.body.data.entries).toEqual([{ inbox: 'other-box', id: expect.any(String), created: true }])
    expect((await post(raw, { 'x-inbox-email-secret': SECRET })).body.data.entries[0].created).toBe(false)
    // X-Inbox-Recipient wins over the To header.
    const redirected = await post(raw, { 'x-inbox-email-secret': SECRET, 'x-inbox-recipient': 'letters@in.brook.test' })
    expect(redirected.body.data.entries[0]).toMatchObject({ inbox: 'letters', created: true })
    expect((await post(raw, { 'x-inbox-email-secret': SECRET, 'x-inbox-recipient': 'ghost@in.brook.test' })).body.code).toBe(10000)
    const empty = await post(Buffer.alloc(0), { 'x-inbox-email-secret': SECRET })
    expect(empty.body.code).toBe(1002)
  })
})
