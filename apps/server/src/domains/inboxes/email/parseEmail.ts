/**
 * One raw RFC 5322 message → what an inbox entry is made of: subject, HTML (inline `cid:` images
 * resolved to data: URLs) or text, sender, date, Message-ID, attachments. Mail bombs are cut
 * before parsing (header block, MIME part count) and while parsing (attachment count and size).
 */
import crypto from 'node:crypto'
import type { AddressObject } from 'mailparser'

export type EmailLimits = {
  /** Bytes of the header block at most (a larger one is refused). */
  maxHeaderBytes: number
  /** MIME parts at most (deep or wide nesting is refused). */
  maxParts: number
  /** Attachments kept at most; the rest are dropped. */
  maxAttachments: number
  /** One attachment's bytes at most; a larger one is dropped. */
  maxAttachmentBytes: number
  /** One inline image's bytes at most to be embedded as a data: URL. */
  maxInlineBytes: number
}

export const DEFAULT_EMAIL_LIMITS: EmailLimits = { maxHeaderBytes: 256 * 1024, maxParts: 200, maxAttachments: 20, maxAttachmentBytes: 10 * 1024 * 1024, maxInlineBytes: 2 * 1024 * 1024 }

export type EmailAttachment = { filename: string; contentType: string; content: Buffer }

export type ParsedEmail = {
  /** Message-ID, or a hash of the message when it has none (a resend of the same bytes is the same entry). */
  guid: string
  subject: string | null
  html: string | null
  text: string | null
  author: string | null
  authorAddress: string | null
  date: string | null
  attachments: EmailAttachment[]
  /** Attachments dropped by the limits (named in the entry). */
  dropped: string[]
  recipients: string[]
}

/** A message refused before or while parsing, with the SMTP reply to give. */
export class EmailRefused extends Error {
  readonly smtpCode: number
  constructor(message: string, smtpCode = 554) {
    super(message)
    this.smtpCode = smtpCode
  }
}

const IMAGE_TYPES = /^image\/(png|gif|jpe?g|webp)$/i

function headerBlockLength(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n')
  const lf = raw.indexOf('\n\n')
  const ends = [crlf, lf].filter((i) => i >= 0)
  return ends.length ? Math.min(...ends) : raw.length
}

function countParts(raw: Buffer): number {
  // Every MIME part starts with a boundary line; counting "content-type:" headers bounds the parts.
  const text = raw.toString('latin1')
  let n = 0
  const re = /^content-type:/gim
  while (re.exec(text) !== null) n++
  return n
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.flatMap((a) => a.value.map((v) => v.address ?? '').filter(Boolean))
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Plain text → paragraphs of HTML (links left as text; the reader links them). */
export function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n')
}

/** Parses one message; throws EmailRefused for a message over the limits or one nothing can be read from. */
export async function parseEmail(raw: Buffer, limits: EmailLimits = DEFAULT_EMAIL_LIMITS): Promise<ParsedEmail> {
  if (headerBlockLength(raw) > limits.maxHeaderBytes) throw new EmailRefused('Message headers too large', 552)
  if (countParts(raw) > limits.maxParts) throw new EmailRefused('Too many MIME parts', 554)
  let mail
  try {
    // mailparser (with its charset tables) is loaded at the first message, not at start-up.
    const { simpleParser } = await import('mailparser')
    mail = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: 5 * 1024 * 1024 })
  } catch (error) {
    throw new EmailRefused(`Malformed message: ${error instanceof Error ? error.message : String(error)}`)
  }
  const attachments: EmailAttachment[] = []
  const dropped: string[] = []
  let html = typeof mail.html === 'string' ? mail.html : null
  for (const part of mail.attachments) {
    const filename = part.filename ?? (part.cid ? `${part.cid}` : 'attachment')
    const cid = part.cid ? part.cid.replace(/^<|>$/g, '') : null
    if (cid && html && html.includes(`cid:${cid}`)) {
      // An inline image the HTML shows: embedded as a data: URL (the sanitizer keeps image data URLs only).
      if (IMAGE_TYPES.test(part.contentType) && part.size <= limits.maxInlineBytes) {
        html = html.split(`cid:${cid}`).join(`data:${part.contentType.toLowerCase()};base64,${part.content.toString('base64')}`)
        continue
      }
    }
    if (attachments.length >= limits.maxAttachments || part.size > limits.maxAttachmentBytes) {
      dropped.push(filename)
      continue
    }
    attachments.push({ filename, contentType: part.contentType || 'application/octet-stream', content: part.content })
  }
  const text = mail.text?.trim() ? mail.text : null
  if (!html && !text && attachments.length === 0 && !mail.subject) throw new EmailRefused('Empty or unreadable message')
  const from = mail.from?.value[0]
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null
  const guid = mail.messageId?.trim() || `sha256:${crypto.createHash('sha256').update(raw).digest('hex')}`
  return {
    guid,
    subject: mail.subject?.trim() || null,
    html,
    text,
    author: from ? from.name?.trim() || from.address || null : null,
    authorAddress: from?.address ?? null,
    date,
    attachments,
    dropped,
    recipients: [...addresses(mail.to), ...addresses(mail.cc)],
  }
}
