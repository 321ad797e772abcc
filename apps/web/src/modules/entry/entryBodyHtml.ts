/**
 * The HTML an entry's body shows: its content (HTML, sanitized by the server and again by the
 * browser pass), else its description — which is plain text (issue #14: a description that
 * decodes to markup such as `<img onerror=…>` is text to show, never markup to render).
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Plain text → HTML that shows exactly that text. */
export function textToHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c])
}

export function entryBodyHtml(entry: { content?: string | null; description?: string | null }): string {
  if (entry.content) return entry.content
  return entry.description ? `<p>${textToHtml(entry.description)}</p>` : ''
}
