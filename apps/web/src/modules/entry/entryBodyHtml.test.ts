import { describe, expect, it } from 'vitest'
import { entryBodyHtml } from './entryBodyHtml.ts'
import { sanitizeEntryHtml } from './sanitize.ts'

describe('entryBodyHtml: the description is text', () => {
  it('shows a description that decodes to markup as that text, through the browser pass too', () => {
    const html = entryBodyHtml({ content: null, description: '<img src=x onerror=alert(1)> & <b>not bold</b>' })
    expect(html).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;not bold&lt;/b&gt;</p>')
    const holder = document.createElement('div')
    holder.innerHTML = sanitizeEntryHtml(html)
    expect(holder.querySelector('img, b')).toBeNull()
    expect(holder.textContent).toBe('<img src=x onerror=alert(1)> & <b>not bold</b>')
  })

  it('prefers the content, which is HTML', () => {
    expect(entryBodyHtml({ content: '<p>x</p>', description: 'y' })).toBe('<p>x</p>')
    expect(entryBodyHtml({ content: null, description: null })).toBe('')
  })
})
