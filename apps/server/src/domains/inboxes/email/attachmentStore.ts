/**
 * Files of e-mail attachments, under DATA_DIR/inbox-attachments/{handle}/{sha256} with a JSON
 * sidecar (filename, content type). Named by content hash, so a resend stores nothing twice.
 * Served only to the inbox's owner (inboxes/routes.ts).
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

export type StoredAttachment = { file: string; filename: string; contentType: string; size: number }

const FILE_NAME = /^[0-9a-f]{64}$/

export function createAttachmentStore(dataDir: string) {
  const root = path.resolve(dataDir, 'inbox-attachments')
  const dirOf = (handle: string) => path.join(root, encodeURIComponent(handle))

  return {
    async put(handle: string, attachment: { filename: string; contentType: string; content: Buffer }): Promise<StoredAttachment> {
      const file = crypto.createHash('sha256').update(attachment.content).digest('hex')
      const dir = dirOf(handle)
      await fs.mkdir(dir, { recursive: true })
      await fs.writeFile(path.join(dir, file), attachment.content)
      await fs.writeFile(path.join(dir, `${file}.json`), JSON.stringify({ filename: attachment.filename, contentType: attachment.contentType }))
      return { file, filename: attachment.filename, contentType: attachment.contentType, size: attachment.content.length }
    },

    /** The file with its metadata, or null (unknown name, or not a name this store makes). */
    async get(handle: string, file: string): Promise<{ content: Buffer; filename: string; contentType: string } | null> {
      if (!FILE_NAME.test(file)) return null
      const dir = dirOf(handle)
      try {
        const meta = JSON.parse(await fs.readFile(path.join(dir, `${file}.json`), 'utf8')) as { filename: string; contentType: string }
        return { content: await fs.readFile(path.join(dir, file)), ...meta }
      } catch {
        return null
      }
    },

    /** Removes an inbox's files (the inbox was deleted). */
    async drop(handle: string): Promise<void> {
      await fs.rm(dirOf(handle), { recursive: true, force: true })
    },
  }
}

export type AttachmentStore = ReturnType<typeof createAttachmentStore>
