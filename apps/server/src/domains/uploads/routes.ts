/** /api/upload: avatar and chat-attachment uploads (multipart, field `file`) and the stored files. */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { AppError } from '../../lib/appError.ts'
import { envelope, errors, jsonResponse, publicErrors } from '../../lib/apiSchemas.ts'
import type { UploadsService } from './service.ts'
import { UPLOAD_FOLDERS } from './uploadStore.ts'

/**
 * The form, described as a plain schema (not zod) so the router does not gate on the media type:
 * anything that is not a multipart form with a file answers 14000 'Invalid file' (fileOf below).
 */
const UploadForm = { type: 'object' as const, required: ['file'], properties: { file: { type: 'string' as const, format: 'binary', description: 'The image (PNG, JPEG, GIF or WebP)' } } }
const UploadedSchema = z.object({ url: z.string().openapi({ description: 'Where the stored file is served (same origin)' }), size: z.number().int() }).openapi('Uploaded')

const uploadRoute = (path: string, summary: string) =>
  createRoute({
    method: 'post',
    path,
    tags: ['upload'],
    summary,
    request: { body: { content: { 'multipart/form-data': { schema: UploadForm } } } },
    responses: { 200: jsonResponse(envelope(UploadedSchema), 'The stored file'), ...errors(14000, 14001, 14002) },
  })

const avatarRoute = uploadRoute('/avatar', 'Upload my avatar: decoded, cropped to 256 × 256 WebP without metadata, and set as my picture')
const attachmentRoute = uploadRoute('/chat-attachment', 'Upload an image for an AI chat message: decoded and re-encoded to WebP (at most 2,048 px), metadata dropped')

const fileRoute = createRoute({
  method: 'get',
  path: '/files/{folder}/{name}',
  tags: ['upload'],
  summary: 'A stored upload (public, immutable: its name is the hash of its content)',
  request: { params: z.object({ folder: z.enum(UPLOAD_FOLDERS), name: z.string().max(80) }) },
  responses: {
    200: { description: 'The WebP image', content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
    302: { description: 'The file in the public bucket (S3_PUBLIC_URL)' },
    ...publicErrors(6, 14002),
  },
})

/** The file of a multipart upload's `file` field, or 14000. */
async function fileOf(c: { req: { header(n: string): string | undefined; parseBody(): Promise<Record<string, unknown>> } }): Promise<Uint8Array> {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) throw new AppError(14000, { reason: 'Send the file as multipart/form-data in the field "file"' })
  const form = await c.req.parseBody().catch(() => null)
  const file = form?.file
  if (!(file instanceof File)) throw new AppError(14000, { reason: 'Send the file in the form field "file"' })
  return new Uint8Array(await file.arrayBuffer())
}

export function uploadsRoutes({ uploads }: { uploads: UploadsService }) {
  const router = createRouter()

  router.openapi(avatarRoute, async (c) => {
    const user = requireUser(c)
    const stored = await uploads.avatar(user, await fileOf(c))
    c.get('sessionChanged')?.(user.id)
    return c.json(ok(stored), 200)
  })

  router.openapi(attachmentRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await uploads.attachment(user, await fileOf(c))), 200)
  })

  router.openapi(fileRoute, async (c) => {
    const { folder, name } = c.req.valid('param')
    const file = await uploads.file(folder, name)
    if (!file) throw new AppError(6)
    // The name is the content's hash, so the answer (or where it lives) never changes.
    const cacheControl = 'public, max-age=31536000, immutable'
    if ('location' in file) return c.body(null, 302, { location: file.location, 'cache-control': cacheControl })
    return c.body(new Uint8Array(file.content), 200, {
      'content-type': 'image/webp',
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    })
  })

  return router
}
