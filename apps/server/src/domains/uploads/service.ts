/**
 * Uploads (SPEC §7 upload, §8 14000–14002): an avatar (becomes the user's picture) or a chat
 * attachment, each checked against the plan's upload size, decoded and re-encoded, then stored.
 */
import { UPLOAD_FILES_PATH } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import type { PlansService } from '../plans/service.ts'
import type { ProfilesService } from '../profiles/service.ts'
import { reencodeImage } from './imageFile.ts'
import type { UploadFolder, UploadStore } from './uploadStore.ts'

export type UploadsServiceDeps = {
  store: UploadStore
  plans: Pick<PlansService, 'limitsFor'>
  profiles: Pick<ProfilesService, 'setImage'>
}

export function createUploadsService({ store, plans, profiles }: UploadsServiceDeps) {
  async function accept(user: { role: string }, bytes: Uint8Array, folder: UploadFolder): Promise<{ url: string; size: number }> {
    const { uploadBytes } = await plans.limitsFor(user.role)
    if (bytes.byteLength > uploadBytes) throw new AppError(14001, { reason: `Your plan allows files up to ${uploadBytes} bytes` })
    if (bytes.byteLength === 0) throw new AppError(14000, { reason: 'The file is empty' })
    const webp = await reencodeImage(bytes, { kind: folder === 'avatars' ? 'avatar' : 'attachment' })
    let name: string
    try {
      name = await store.put(folder, webp)
    } catch (cause) {
      throw new AppError(14002, { reason: 'The file could not be stored', cause })
    }
    return { url: `${UPLOAD_FILES_PATH}${folder}/${name}`, size: webp.byteLength }
  }

  return {
    /** A new avatar: stored as 256 × 256 WebP and set as the user's picture. */
    async avatar(user: { id: string; role: string }, bytes: Uint8Array) {
      const stored = await accept(user, bytes, 'avatars')
      await profiles.setImage(user.id, stored.url)
      return stored
    },

    /** An image for an AI chat message. */
    attachment: (user: { id: string; role: string }, bytes: Uint8Array) => accept(user, bytes, 'attachments'),

    /** A stored file by folder and name: its content, where a public bucket serves it, or null; 14002 when the store cannot be read. */
    async file(folder: UploadFolder, name: string): Promise<{ content: Buffer } | { location: string } | null> {
      const location = store.publicUrl(folder, name)
      if (location) return { location }
      try {
        const content = await store.get(folder, name)
        return content ? { content } : null
      } catch (cause) {
        throw new AppError(14002, { reason: 'The file could not be read from storage', cause })
      }
    },
  }
}

export type UploadsService = ReturnType<typeof createUploadsService>
