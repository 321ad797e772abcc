import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { Cdp } from './cdp.ts'
import { createPdfPrinter, downloadsDir, freePdfPath, safePdfName } from './printToPdf.ts'

const made: string[] = []
function tempHome(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-pdf-home-'))
  made.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

it('saves into XDG_DOWNLOAD_DIR (user-dirs.dirs, $HOME expanded), else ~/Downloads, else nowhere', () => {
  const home = tempHome()
  const env = { platform: 'linux' as const, home, xdgConfigHome: path.join(home, 'cfg') }
  expect(downloadsDir(env)).toBeNull()
  fs.mkdirSync(path.join(home, 'Downloads'))
  expect(downloadsDir(env)).toBe(path.join(home, 'Downloads'))
  fs.mkdirSync(path.join(home, 'cfg'))
  fs.mkdirSync(path.join(home, 'Téléchargements'))
  fs.writeFileSync(path.join(home, 'cfg/user-dirs.dirs'), '# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR="$HOME/Desktop"\nXDG_DOWNLOAD_DIR="$HOME/Téléchargements"\n')
  expect(downloadsDir(env)).toBe(path.join(home, 'Téléchargements'))
  // XDG points the folder at $HOME itself when the user has none: that is not a downloads folder.
  fs.writeFileSync(path.join(home, 'cfg/user-dirs.dirs'), 'XDG_DOWNLOAD_DIR="$HOME/"\n')
  expect(downloadsDir(env)).toBe(path.join(home, 'Downloads'))
  // macOS and Windows: ~/Downloads.
  expect(downloadsDir({ platform: 'darwin', home })).toBe(path.join(home, 'Downloads'))
})

it('file names: no path separators or reserved characters, never empty, never over another file', () => {
  expect(safePdfName('Issue 42: rivers / lakes?')).toBe('Issue 42 rivers lakes.pdf')
  expect(safePdfName('../../etc/passwd')).toBe('etc passwd.pdf')
  expect(safePdfName('  ')).toBe('entry.pdf')
  expect(safePdfName('report.PDF')).toBe('report.pdf')
  expect(safePdfName('x'.repeat(300))).toBe(`${'x'.repeat(120)}.pdf`)
  const dir = tempHome()
  expect(freePdfPath(dir, 'Letter')).toBe(path.join(dir, 'Letter.pdf'))
  fs.writeFileSync(path.join(dir, 'Letter.pdf'), '')
  fs.writeFileSync(path.join(dir, 'Letter (2).pdf'), '')
  expect(freePdfPath(dir, 'Letter')).toBe(path.join(dir, 'Letter (3).pdf'))
})

it('prints the app page with Page.printToPDF on its session and writes the PDF into <data>/PDFs when there is no Downloads', async () => {
  const home = tempHome()
  const calls: { method: string; params: unknown; sessionId?: string }[] = []
  const cdp = {
    send: async (method: string, params: unknown, sessionId?: string) => {
      calls.push({ method, params, sessionId })
      return { data: Buffer.from('%PDF-1.4 test').toString('base64') }
    },
  } as unknown as Cdp
  const printer = createPdfPrinter({ platform: 'linux', home, xdgConfigHome: path.join(home, 'cfg') }, path.join(home, 'data'))
  await expect(printer.print('Early')).rejects.toThrow('the window is not open')
  printer.attach(cdp, 'session-1')
  const first = await printer.print('A letter')
  expect(first).toBe(path.join(home, 'data/PDFs/A letter.pdf'))
  expect(fs.readFileSync(first, 'utf8')).toBe('%PDF-1.4 test')
  expect(await printer.print('A letter')).toBe(path.join(home, 'data/PDFs/A letter (2).pdf'))
  expect(calls[0]).toMatchObject({ method: 'Page.printToPDF', sessionId: 'session-1', params: { printBackground: true, preferCSSPageSize: true } })
})
