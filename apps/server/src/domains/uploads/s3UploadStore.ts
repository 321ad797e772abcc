/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Garage, R2…) when S3_BUCKET is set: the same
 * content-addressed names as on disk, under `{S3_PREFIX}{folder}/{name}`, through the AWS SDK
 * (SigV4-signed PUT and GET object). A missing object is null; any other failure throws, which
 * the uploads service answers as 14002.
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import type { S3Settings } from '../../env.ts'
import { isUploadName, uploadNameOf, type UploadFolder, type UploadStore } from './uploadStore.ts'

export function createS3UploadStore(settings: S3Settings): UploadStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  })
  const keyOf = (folder: UploadFolder, name: string) => `${settings.prefix}${folder}/${name}`

  return {
    async put(folder, content) {
      const name = uploadNameOf(content)
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(folder, name),
          Body: content,
          ContentType: 'image/webp',
          // The name is the content's hash: it never changes meaning (served straight from a public bucket too).
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      )
      return name
    },

    async get(folder, name) {
      if (!isUploadName(folder, name)) return null
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(folder, name) }))
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NoSuchKey')) return null
        throw error
      }
    },

    publicUrl: (folder, name) => (settings.publicUrl && isUploadName(folder, name) ? `${settings.publicUrl}/${keyOf(folder, name)}` : null),
  }
}
