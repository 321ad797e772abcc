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

it('lists every environment variable of env.ts in .env.example', () => {
  const example = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.env.example'), 'utf8')
  const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]))
  const missing = Object.keys(envSchema.shape).filter((name) => !listed.has(name))
  expect(missing).toEqual([])
})
