import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CUSTOM_INTEGRATION_FILE, readCustomIntegration, writeCustomIntegration } from './customIntegration.ts'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-ci-'))
  dirs.push(d)
  return d
}
const item = { id: 'a1', name: 'Local app', type: 'url', url: 'myapp://save?u={{url}}', enabled: true, method: 'POST', headers: [], body: '' }

describe("the desktop's own custom integrations", () => {
  it('none until stored; stored, read back; null removes them', () => {
    const dir = tmp()
    expect(readCustomIntegration(dir)).toBeNull()
    writeCustomIntegration(dir, [item])
    expect(readCustomIntegration(dir)).toEqual([item])
    writeCustomIntegration(dir, null)
    expect(fs.existsSync(path.join(dir, CUSTOM_INTEGRATION_FILE))).toBe(false)
    expect(readCustomIntegration(dir)).toBeNull()
  })

  it('refuses what is not a list of integrations, keeping what was stored', () => {
    const dir = tmp()
    writeCustomIntegration(dir, [item])
    expect(() => writeCustomIntegration(dir, { not: 'a list' })).toThrow('a list of at most 100')
    expect(() => writeCustomIntegration(dir, [{ ...item, type: 'ftp' }])).toThrow('each needs id, name, url, type')
    expect(() => writeCustomIntegration(dir, Array.from({ length: 101 }, () => item))).toThrow('at most 100')
    expect(readCustomIntegration(dir)).toEqual([item])
  })
})
