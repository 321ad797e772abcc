import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { envSchema } from './env.ts'

it('documents every environment variable of env.ts in the README', () => {
  const readme = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'), 'utf8')
  const missing = Object.keys(envSchema.shape).filter((name) => !readme.includes(`\`${name}\``))
  expect(missing).toEqual([])
})
