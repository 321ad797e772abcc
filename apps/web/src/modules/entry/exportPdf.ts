/**
 * The entry action "export as PDF" (SPEC §2): the open entry's article, laid out by the print
 * stylesheet (styles.css, `[data-print-entry]`: source, date, title, author, media, content —
 * nothing else of the app), saved through the platform: the browser's print dialog in a tab, the
 * shell's Page.printToPDF in the desktop window.
 */
import { toast } from 'sonner'
import { i18n } from '../../i18n/index.ts'
import type { Entry } from '../../store/index.ts'
import { platform } from '../platform/platform.ts'
import { useEntryViewStore } from './entryViewStore.ts'

const IMAGE_WAIT_MS = 5000

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()))
}

function printedArticle(entryId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-print-entry="${CSS.escape(entryId)}"]`)
}

/** Loads the article's lazy images now (a lazy image below the fold would print empty), waiting at most 5 s. */
async function loadImages(article: HTMLElement): Promise<void> {
  const pending = [...article.querySelectorAll('img')].filter((img) => {
    img.loading = 'eager'
    return !img.complete
  })
  if (pending.length === 0) return
  const loaded = Promise.all(pending.map((img) => new Promise<void>((resolve) => ((img.onload = () => resolve()), (img.onerror = () => resolve())))))
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, IMAGE_WAIT_MS))])
}

/** A file name from the title: no path or reserved characters, at most 120 characters. */
export function pdfFileName(entry: Pick<Entry, 'title' | 'id'>): string {
  const base = (entry.title ?? '')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
  return base || `entry-${entry.id}`
}

export async function exportPdf(entry: Entry): Promise<void> {
  // The original page (source view) is another site's frame: print the entry's own content instead.
  if (useEntryViewStore.getState().source[entry.id]) {
    useEntryViewStore.getState().toggleSource(entry.id)
    await nextFrame()
    await nextFrame()
  }
  const article = printedArticle(entry.id)
  if (!article) {
    toast.error(i18n.t('entry:pdfFailed'))
    return
  }
  await loadImages(article)
  try {
    const saved = await platform().printToPdf(pdfFileName(entry))
    if (saved) toast.success(i18n.t('entry:pdfSaved', { path: saved }))
  } catch (error) {
    toast.error(`${i18n.t('entry:pdfFailed')} ${(error as Error).message}`)
  }
}
