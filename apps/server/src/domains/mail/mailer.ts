/** Outgoing mail: always recorded in mail_outbox and the log; also sent over SMTP when SMTP_URL is set. */
import type { Transporter } from 'nodemailer'
import { lazily } from '../../lib/lazyRequire.ts'
import { newId } from '@brook/shared'
import type { Logger } from '../../lib/logger.ts'
import { nowIso } from '../../lib/time.ts'
import type { MailRepo } from './repo.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  kind: 'verify-email' | 'reset-password' | 'change-email' | 'two-factor-code' | 'other'
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

export function createMailer(options: { repo: MailRepo; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  // nodemailer is loaded at the first mail sent over SMTP, not at start-up.
  const smtpUrl = options.smtpUrl
  const transport: (() => Promise<Transporter>) | null = smtpUrl ? lazily(async () => (await import('nodemailer')).default.createTransport(smtpUrl)) : null
  return {
    async send(mail) {
      const id = newId()
      await options.repo.insert({ id, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind, createdAt: nowIso(), sentAt: null, error: null })
      options.logger.info({ mailId: id, to: mail.to, kind: mail.kind, subject: mail.subject }, `mail queued: ${mail.text}`)
      if (!transport) return
      try {
        await (await transport()).sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        await options.repo.markSent(id, nowIso(), null)
      } catch (error) {
        // The outbox row keeps the failure; the user-facing action still succeeds.
        options.logger.error({ err: error, mailId: id }, 'smtp send failed')
        await options.repo.markSent(id, nowIso(), error instanceof Error ? error.message : String(error))
      }
    },
  }
}
