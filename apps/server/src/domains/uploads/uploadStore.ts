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

/** Where uploads are kept: a folder on disk (below) or an S3-compatible bucket (s3UploadStore.ts). */
export type UploadStore = {
  /** Stores a WebP file; answers its name (the hash of its content). Throws when it cannot be stored. */
  put(folder: UploadFolder, content: Buffer): Promise<string>
  /** A stored file, or null (unknown, or not a name this store makes). Throws when the store cannot be read. */
  get(folder: UploadFolder, name: string): Promise<Buffer | null>
  /** Where the file can be fetched directly (a public bucket), or null: Brook serves it. */
  publicUrl(folder: UploadFolder, name: string): string | null
}

/** The name a file is stored under. */
export const uploadNameOf = (content: Buffer) => `${crypto.createHash('sha256').update(content).digest('hex')}.webp`

/** Whether a folder and name are ones a store makes (nothing else is looked up: no path tricks). */
export const isUploadName = (folder: string, name: string) => UPLOAD_NAME.test(name) && (UPLOAD_FOLDERS as readonly string[]).includes(folder)

export function createUploadStore(dataDir: string): UploadStore {
  const root = path.resolve(dataDir, 'uploads')

  return {
    /** Stores a WebP file; answers its name. Written beside and renamed, so a reader never sees half a file. */
    async put(folder: UploadFolder, content: Buffer): Promise<string> {
      const name = uploadNameOf(content)
      const dir = path.join(root, folder)
      await fs.mkdir(dir, { recursive: true })
      const temporary = path.join(dir, `.${name}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`)
      await fs.writeFile(temporary, content)
      await fs.rename(temporary, path.join(dir, name))
      return name
    },

    /** A stored file, or null (unknown, or not a name this store makes). */
    async get(folder: UploadFolder, name: string): Promise<Buffer | null> {
      if (!isUploadName(folder, name)) return null
      return fs.readFile(path.join(root, folder, name)).catch(() => null)
    },

    publicUrl: () => null,
  }
}
