/** The upload store the configuration asks for: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
import { s3Settings, type Env } from '../../env.ts'
import { createS3UploadStore } from './s3UploadStore.ts'
import { createUploadStore, type UploadStore } from './uploadStore.ts'

export function uploadStoreOf(env: Env): UploadStore {
  const s3 = s3Settings(env)
  return s3 ? createS3UploadStore(s3) : createUploadStore(env.DATA_DIR)
}
