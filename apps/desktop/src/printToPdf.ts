/**
 * "Export as PDF" in the desktop window (docs/desktop.md, docs/integrations.md): the web app's
 * desktop platform asks the shell `printToPdf(fileName)`; the shell prints the app page with the
 * DevTools protocol's Page.printToPDF (the page's print stylesheet applies, as in the print
 * dialog) and writes the PDF into the user's Downloads folder — or `<data>/PDFs` when there is
 * none — under a name that never overwrites another file. It answers the path, which the app shows.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Cdp } from './cdp.ts'
import type { DesktopEnv } from './env.ts'

/** The folder Downloads: XDG's `XDG_DOWNLOAD_DIR` (user-dirs.dirs) on Linux, else `~/Downloads`; null when it does not exist. */
export function downloadsDir(env: Pick<DesktopEnv, 'platform' | 'home' | 'xdgConfigHome'>): string | null {
  const candidates: string[] = []
  if (env.platform === 'linux') {
    const file = path.join(env.xdgConfigHome ?? path.join(env.home, '.config'), 'user-dirs.dirs')
    const line = existsSync(file) ? /^XDG_DOWNLOAD_DIR="(.*)"$/m.exec(readFileSync(file, 'utf8')) : null
    if (line) candidates.push(line[1].replace(/^\$HOME(?=\/|$)/, env.home))
  }
  candidates.push(path.join(env.home, 'Downloads'))
  for (const dir of candidates) {
    // XDG sets the folder to $HOME itself when the user has none: not a downloads folder.
    if (path.isAbsolute(dir) && path.resolve(dir) !== path.resolve(env.home) && isDirectory(dir)) return dir
  }
  return null
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory()
  } catch {
    return false
  }
}

/** A file name safe on every system: no separators or reserved characters, at most 120 characters, never empty. */
export function safePdfName(fileName: string): string {
  const base = String(fileName)
    .replace(/\.pdf$/i, '')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .slice(0, 120)
    .trim()
  return `${base || 'entry'}.pdf`
}

/** `dir/name.pdf`, or `dir/name (2).pdf`… — the first that does not exist yet. */
export function freePdfPath(dir: string, fileName: string): string {
  const name = safePdfName(fileName)
  const stem = name.slice(0, -'.pdf'.length)
  for (let n = 1; ; n++) {
    const candidate = path.join(dir, n === 1 ? name : `${stem} (${n}).pdf`)
    if (!existsSync(candidate)) return candidate
  }
}

export interface PdfPrinter {
  /** The app page the PDF is printed from (set when the window's page exists, again after a restart). */
  attach(cdp: Cdp, sessionId: string): void
  /** Prints the app page to a new PDF file and answers its path. */
  print(fileName: string): Promise<string>
}

export function createPdfPrinter(env: Pick<DesktopEnv, 'platform' | 'home' | 'xdgConfigHome'>, dataDir: string): PdfPrinter {
  let target: { cdp: Cdp; sessionId: string } | null = null
  return {
    attach(cdp, sessionId) {
      target = { cdp, sessionId }
    },
    async print(fileName) {
      if (!target) throw new Error('the window is not open')
      const { data } = await target.cdp.send<{ data: string }>(
        'Page.printToPDF',
        { printBackground: true, preferCSSPageSize: true, displayHeaderFooter: false, marginTop: 0.4, marginBottom: 0.4, marginLeft: 0.4, marginRight: 0.4 },
        target.sessionId,
      )
      const dir = downloadsDir(env) ?? path.join(dataDir, 'PDFs')
      await mkdir(dir, { recursive: true })
      const file = freePdfPath(dir, fileName)
      await writeFile(file, Buffer.from(data, 'base64'), { flag: 'wx' })
      return file
    },
  }
}
