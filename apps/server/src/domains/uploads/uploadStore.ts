/**
 * Files users upload, under DATA_DIR/uploads/{folder}/{sha256}.webp: named by their content, so
 * the same picture is stored once and a name never changes meaning (served with long caching).
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

export const UPLOAD_FOLDERS = ['avatars', 'attachments'] as const
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number]

/** The only file names this store makes (anything else is not looked up). */
export const UPLOAD_NAME = /^[0-9a-f]{64}\.webp$/

export function createUploadStore(dataDir: string) {
  const root = path.resolve(dataDir, 'uploads')

  return {
    /** Stores a WebP file; answers its name. Written beside and renamed, so a reader never sees half a file. */
    async put(folder: UploadFolder, content: Buffer): Promise<string> {
      const name = `${crypto.createHash('sha256').update(content).digest('hex')}.webp`
      const dir = path.join(root, folder)
      await fs.mkdir(dir, { recursive: true })
      const temporary = path.join(dir, `.${name}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`)
      await fs.writeFile(temporary, content)
      await fs.rename(temporary, path.join(dir, name))
      return name
    },

    /** A stored file, or null (unknown, or not a name this store makes). */
    async get(folder: UploadFolder, name: string): Promise<Buffer | null> {
      if (!UPLOAD_NAME.test(name) || !UPLOAD_FOLDERS.includes(folder)) return null
      return fs.readFile(path.join(root, folder, name)).catch(() => null)
    },
  }
}

export type UploadStore = ReturnType<typeof createUploadStore>
