/** Sends one message over real SMTP on loopback with nodemailer (the e2e tests mail an inbox like a newsletter sender does). */
import nodemailer, { type SendMailOptions } from 'nodemailer'

export async function sendMail(port: number, mail: SendMailOptions): Promise<{ accepted: string[]; response: string }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  try {
    const info = await transport.sendMail(mail)
    return { accepted: info.accepted.map(String), response: info.response }
  } finally {
    transport.close()
  }
}
