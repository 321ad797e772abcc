/**
 * E-mail into inboxes, shared by the SMTP receiver and POST /inboxes/email: which inbox an address
 * names (`{handle}@{INBOX_DOMAIN}`), and one parsed message stored as an entry of each recipient
 * inbox through the same path as the inbox webhook (sanitizer, counters, action rules).
 */
import type { InboxRow } from '../repo.ts'
import type { InboxEntryInput } from '../../entries/service.ts'
import type { AttachmentStore } from './attachmentStore.ts'
import { parseEmail, textToHtml, type EmailLimits, type ParsedEmail } from './parseEmail.ts'

export type EmailIntakeDeps = {
  domain: string
  limits: EmailLimits
  /** Absolute origin for attachment links (PUBLIC_URL), or '' for same-origin paths. */
  publicUrl: string
  store: AttachmentStore
  findInbox: (handle: string) => Promise<InboxRow | null>
  receive: (inbox: InboxRow, input: InboxEntryInput) => Promise<{ id: string; created: boolean }>
}

export type Delivered = { inbox: string; id: string; created: boolean }

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function createEmailIntake(deps: EmailIntakeDeps) {
  const domain = deps.domain.toLowerCase()

  /** The inbox an address names, or null (another domain, or no such handle). */
  async function inboxFor(address: string): Promise<InboxRow | null> {
    const at = address.lastIndexOf('@')
    if (at <= 0) return null
    const local = address.slice(0, at).trim().toLowerCase()
    const host = address.slice(at + 1).trim().toLowerCase()
    if (host !== domain) return null
    // "handle+tag@" reaches the inbox too (sub-addressing).
    return deps.findInbox(local.split('+')[0])
  }

  async function store(inbox: InboxRow, mail: ParsedEmail): Promise<{ id: string; created: boolean }> {
    const attachments = []
    for (const a of mail.attachments) {
      const saved = await deps.store.put(inbox.id, a)
      attachments.push({ url: `${deps.publicUrl}/api/inboxes/attachments/${encodeURIComponent(inbox.id)}/${saved.file}`, title: saved.filename, mime_type: saved.contentType, size_in_bytes: saved.size })
    }
    let content = mail.html ?? (mail.text ? textToHtml(mail.text) : '')
    if (mail.dropped.length) content += `\n<p>Not kept (over the attachment limits): ${mail.dropped.map(escapeHtml).join(', ')}</p>`
    return deps.receive(inbox, {
      guid: mail.guid,
      publishedAt: mail.date ?? undefined,
      title: mail.subject,
      content,
      author: mail.author,
      authorUrl: mail.authorAddress ? `mailto:${mail.authorAddress}` : null,
      attachments: attachments.length ? attachments : null,
      extra: mail.authorAddress ? { from: mail.authorAddress } : null,
    })
  }

  return {
    domain,
    inboxFor,

    /** Parses one message and stores it in each inbox (deduplicated); throws EmailRefused. */
    async deliver(raw: Buffer, inboxes: InboxRow[]): Promise<Delivered[]> {
      const mail = await parseEmail(raw, deps.limits)
      const out: Delivered[] = []
      const seen = new Set<string>()
      for (const inbox of inboxes) {
        if (seen.has(inbox.id)) continue
        seen.add(inbox.id)
        out.push({ inbox: inbox.id, ...(await store(inbox, mail)) })
      }
      return out
    },

    /** The recipient inboxes named by a parsed message's To/Cc (for the HTTP route without X-Inbox-Recipient). */
    async inboxesOf(raw: Buffer): Promise<InboxRow[]> {
      const mail = await parseEmail(raw, deps.limits)
      const found: InboxRow[] = []
      for (const address of mail.recipients) {
        const inbox = await inboxFor(address)
        if (inbox) found.push(inbox)
      }
      return found
    },
  }
}

export type EmailIntake = ReturnType<typeof createEmailIntake>
