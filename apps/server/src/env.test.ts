import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { EnvError, databaseLocation, parseEnv, s3Settings } from './env.ts'

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts')

describe('env', () => {
  it('has working defaults: port 3000, SQLite under ./data, all roles', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.SERVICES).toEqual(['web', 'worker', 'scheduler'])
    expect(databaseLocation(env)).toEqual({ dialect: 'sqlite', file: path.resolve('data/brook.db') })
    expect(env.FETCH_ALLOW_PRIVATE_NETWORKS).toBe(false)
    expect(env.DEFAULT_ROLE).toBe('free')
  })

  it('picks PostgreSQL for a postgres URL and moves SQLite with DATA_DIR', () => {
    expect(databaseLocation(parseEnv({ DATABASE_URL: 'postgres://u@h:5432/db' }))).toEqual({ dialect: 'postgres', url: 'postgres://u@h:5432/db' })
    expect(databaseLocation(parseEnv({ DATA_DIR: '/tmp/x' }))).toEqual({ dialect: 'sqlite', file: '/tmp/x/brook.db' })
  })

  it('uses an S3-compatible bucket only when S3_BUCKET is set, and refuses half a configuration', () => {
    expect(s3Settings(parseEnv({}))).toBeNull()
    expect(s3Settings(parseEnv({ S3_BUCKET: 'brook', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true', S3_PUBLIC_URL: 'https://cdn.example/u/' }))).toEqual({
      bucket: 'brook',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
      prefix: '',
      publicUrl: 'https://cdn.example/u',
    })
    expect(() => s3Settings(parseEnv({ S3_ENDPOINT: 'http://minio:9000' }))).toThrow(/S3_BUCKET/)
    expect(() => s3Settings(parseEnv({ S3_BUCKET: 'brook', S3_ACCESS_KEY_ID: 'k' }))).toThrow(/go together/)
    expect(() => parseEnv({ S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET/)
    expect(() => parseEnv({ S3_PREFIX: 'brook' })).toThrow(/S3_PREFIX/)
  })

  it('names each bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(EnvError)
    try {
      parseEnv({ PORT: '99999', DEFAULT_ROLE: 'emperor', SERVICES: 'web,cron', REDIS_URL: 'http://x' })
    } catch (error) {
      const message = (error as Error).message
      for (const name of ['PORT', 'DEFAULT_ROLE', 'SERVICES', 'REDIS_URL']) expect(message).toContain(name)
    }
  })

  // A whole process start: generous limits, the machine running the suite may be loaded.
  it('stops start-up with the message, naming the variable', { timeout: 90_000 }, () => {
    const r = spawnSync(process.execPath, [main], { env: { PATH: process.env.PATH, PORT: 'not-a-port' }, encoding: 'utf8', timeout: 80_000 })
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('PORT')
  })
})
