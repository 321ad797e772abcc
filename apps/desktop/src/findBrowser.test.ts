import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserCandidates, findBrowser, NoBrowserError } from './findBrowser.ts'

const base = { home: '/home/ada', path: '/usr/local/bin:/usr/bin', localAppData: undefined, programFiles: undefined, programFilesX86: undefined, browser: undefined }

describe('findBrowser', () => {
  it('searches PATH for Chromium, Chrome, Edge and Brave on Linux, Chromium first', () => {
    const candidates = browserCandidates({ ...base, platform: 'linux' })
    expect(candidates[0]).toBe('/usr/local/bin/chromium')
    expect(candidates).toContain('/usr/bin/google-chrome')
    expect(candidates).toContain('/usr/bin/microsoft-edge')
    expect(candidates).toContain('/usr/bin/brave-browser')
    expect(findBrowser({ ...base, platform: 'linux' }, (f) => f === '/usr/bin/google-chrome' || f === '/usr/bin/brave-browser')).toBe('/usr/bin/google-chrome')
  })

  it('looks in /Applications and ~/Applications on macOS', () => {
    const candidates = browserCandidates({ ...base, platform: 'darwin' })
    expect(candidates[0]).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome')
    expect(candidates).toContain('/home/ada/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge')
  })

  it('looks under Program Files and LocalAppData on Windows', () => {
    const candidates = browserCandidates({ ...base, platform: 'win32', localAppData: 'C:\\Users\\ada\\AppData\\Local' })
    expect(candidates).toContain('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe')
    expect(candidates).toContain('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe')
    expect(candidates).toContain('C:\\Users\\ada\\AppData\\Local\\BraveSoftware\\Brave-Browser\\Application\\brave.exe')
  })

  it('names what to install when nothing is found', () => {
    expect(() => findBrowser({ ...base, platform: 'linux' }, () => false)).toThrow(NoBrowserError)
    expect(() => findBrowser({ ...base, platform: 'linux' }, () => false)).toThrow(/apt-get install chromium/)
    expect(() => findBrowser({ ...base, platform: 'linux', browser: '/opt/none' }, () => false)).toThrow(/Looked at: \/opt\/none/)
  })

  it('the command exits 3 with that message, starting no server', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-desktop-nobrowser-'))
    try {
      const main = path.resolve(import.meta.dirname, 'main.ts')
      const result = spawnSync(process.execPath, [main, '--data-dir', dataDir, '--browser', '/nonexistent/chromium'], { encoding: 'utf8', timeout: 20_000 })
      expect(result.status).toBe(3)
      expect(result.stderr).toContain('Brook needs a Chromium-family browser')
      expect(fs.existsSync(path.join(dataDir, 'server'))).toBe(false)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
