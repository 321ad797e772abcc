/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Garage, R2…) when S3_BUCKET is set: the same
 * content-addressed names as on disk, under `{S3_PREFIX}{folder}/{name}`, through the AWS SDK
 * (SigV4-signed PUT and GET object). A missing object is null; any other failure throws, which
 * the uploads service answers as 14002. The SDK is loaded at the first upload or download, not
 * at start-up (docs/performance.md, "Idle memory"): this module is imported whatever the settings.
 */
import type { S3Client } from '@aws-sdk/client-s3'
import { lazily } from '../../lib/lazyRequire.ts'
import type { S3Settings } from '../../env.ts'
import { isUploadName, uploadNameOf, type UploadFolder, type UploadStore } from './uploadStore.ts'

const sdk = lazily(() => import('@aws-sdk/client-s3'))

export function createS3UploadStore(settings: S3Settings): UploadStore {
  const clientOf = (S3: typeof S3Client) => new S3({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  })
  let client: S3Client | null = null
  const connect = async () => {
    const aws = await sdk()
    return { aws, client: (client ??= clientOf(aws.S3Client)) }
  }
  const keyOf = (folder: UploadFolder, name: string) => `${settings.prefix}${folder}/${name}`

  return {
    async put(folder, content) {
      const name = uploadNameOf(content)
      const { aws, client } = await connect()
      await client.send(
        new aws.PutObjectCommand({
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
      const { aws, client } = await connect()
      try {
        const answer = await client.send(new aws.GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(folder, name) }))
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null
      } catch (error) {
        if (error instanceof aws.NoSuchKey || (error instanceof aws.S3ServiceException && error.name === 'NoSuchKey')) return null
        throw error
      }
    },

    publicUrl: (folder, name) => (settings.publicUrl && isUploadName(folder, name) ? `${settings.publicUrl}/${keyOf(folder, name)}` : null),
  }
}
