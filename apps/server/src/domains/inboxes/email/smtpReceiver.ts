/**
 * The built-in SMTP receiver (INBOX_SMTP_PORT; web role): mail to `{handle}@{INBOX_DOMAIN}`
 * becomes an entry of that inbox. Unknown recipients are refused at RCPT (550, so no bounce is
 * ever sent to a forged sender), more than INBOX_MAX_RECIPIENTS at RCPT (452), a message over
 * INBOX_MAX_BYTES at DATA (552), a message nothing can be read from with 554. No AUTH, no relay:
 * it only accepts mail for its own domain, like an MX.
 */
import type { SMTPServerSession } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import type { Logger } from '../../../lib/logger.ts'
import type { InboxRow } from '../repo.ts'
import { EmailRefused } from './parseEmail.ts'
import type { EmailIntake } from './emailIntake.ts'

export type SmtpReceiverOptions = { host: string; port: number; maxBytes: number; maxRecipients: number; intake: EmailIntake; logger: Logger }

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode })
}

/** Starts the receiver; resolves once it listens. */
export async function startSmtpReceiver(options: SmtpReceiverOptions): Promise<{ port: number; close(): Promise<void> }> {
  const { intake, logger } = options
  const recipients = new Map<string, InboxRow[]>()

  // Loaded only when the receiver is switched on (INBOX_SMTP_PORT).
  const { SMTPServer } = await import('smtp-server')
  const server = new SMTPServer({
    name: intake.domain,
    banner: 'Brook inbox receiver',
    size: options.maxBytes,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    maxClients: 100,
    socketTimeout: 60_000,
    onMailFrom(_address, session: SMTPServerSession, callback) {
      recipients.set(session.id, [])
      callback()
    },
    onRcptTo(address, session: SMTPServerSession, callback) {
      const list = recipients.get(session.id) ?? []
      if (list.length >= options.maxRecipients) return callback(smtpError('Too many recipients', 452))
      intake
        .inboxFor(address.address)
        .then((inbox) => {
          if (!inbox) return callback(smtpError(`No such inbox: ${address.address}`, 550))
          list.push(inbox)
          recipients.set(session.id, list)
          callback()
        })
        .catch((error: unknown) => {
          logger.error({ err: error instanceof Error ? error.message : String(error) }, 'smtp recipient lookup failed')
          callback(smtpError('Temporary failure, try again later', 451))
        })
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size <= options.maxBytes) chunks.push(chunk)
      })
      stream.on('error', (error: Error) => callback(error))
      stream.on('end', () => {
        const inboxes = recipients.get(session.id) ?? []
        recipients.delete(session.id)
        if (stream.sizeExceeded || size > options.maxBytes) return callback(smtpError('Message too large', 552))
        intake
          .deliver(Buffer.concat(chunks), inboxes)
          .then((delivered) => {
            logger.info({ inboxes: delivered.map((d) => d.inbox), created: delivered.filter((d) => d.created).length }, 'mail received')
            callback()
          })
          .catch((error: unknown) => {
            if (error instanceof EmailRefused) return callback(smtpError(error.message, error.smtpCode))
            logger.error({ err: error instanceof Error ? error.message : String(error) }, 'mail delivery failed')
            callback(smtpError('Temporary failure, try again later', 451))
          })
      })
    },
    onClose(session: SMTPServerSession) {
      recipients.delete(session.id)
    },
  })
  server.on('error', (error) => logger.error({ err: error.message }, 'smtp receiver error'))
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
