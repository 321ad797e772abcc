import { describe, expect, it } from 'vitest'
import { articlePageHtml } from '../../test/feedFarmBodies.ts'
import { extractReadable } from './extractReadable.ts'

const article = (extra = '', head = '') => `<!doctype html><html lang="en"><head><title>Rivers and Brooks | Water Blog</title>
<meta name="description" content="A short tour of small streams.">${head}</head>
<body><header><nav><a href="/">Home</a><a href="/about">About</a></nav></header>
<main><article>
<h1>Rivers and Brooks</h1>
<p class="byline">By Ada Farmer</p>
${Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i}: small streams shape valleys slowly, carrying silt, seeds and stories downhill, and the people who live beside them learn their moods.</p>`).join('\n')}
<p><a href="/notes/1">a relative link</a> and <img src="img/brook.jpg" alt="a brook"></p>
${extra}
</article></main>
<aside class="sidebar"><ul><li><a href="/x">Popular</a></li></ul></aside>
<footer>© Water Blog</footer></body></html>`

describe('extractReadable', () => {
  it('extracts the article, its title, byline, excerpt and text', () => {
    const result = extractReadable(article(), 'https://water.example/posts/rivers')
    expect(result).not.toBeNull()
    expect(result!.title).toBe('Rivers and Brooks | Water Blog')
    expect(result!.byline).toBe('By Ada Farmer')
    expect(result!.excerpt).toBe('A short tour of small streams.')
    expect(result!.textContent).toContain('Paragraph 7: small streams shape valleys')
    expect(result!.textContent).not.toContain('Popular')
    expect(result!.content).toContain('<p>Paragraph 0')
    expect(result!.content).not.toContain('<nav')
  })

  it('makes links and images absolute against the page URL', () => {
    const result = extractReadable(article(), 'https://water.example/posts/rivers')!
    expect(result.content).toContain('href="https://water.example/notes/1"')
    expect(result.content).toContain('src="https://water.example/posts/img/brook.jpg"')
  })

  it('honours <base href>', () => {
    const result = extractReadable(article('', '<base href="https://cdn.example/site/">'), 'https://water.example/posts/rivers')!
    expect(result.content).toContain('src="https://cdn.example/site/img/brook.jpg"')
  })

  it('writes lower-case tags like a browser', () => {
    const result = extractReadable(article(), 'https://water.example/posts/rivers')!
    expect(result.content).not.toMatch(/<[A-Z]/)
    expect(result.content).toMatch(/^<div/)
  })

  it('reads the site name from Open Graph', () => {
    const result = extractReadable(articlePageHtml('Farming feeds', 10), 'http://farm.example/article')!
    expect(result.siteName).toBe('Farm Blog')
    expect(result.textContent).toContain('Paragraph 10 of the article')
  })

  it('returns the content unsanitized (the caller sanitizes)', () => {
    const result = extractReadable(article('<p onclick="steal()">click handlers survive extraction; sanitizing is the next step of the pipeline.</p>'), 'https://water.example/')!
    expect(result.content).toContain('sanitizing is the next step')
  })

  it('returns null when there is nothing to read', () => {
    expect(extractReadable('', 'https://x.example/')).toBeNull()
    expect(extractReadable('   ', 'https://x.example/')).toBeNull()
    expect(extractReadable('<html><body></body></html>', 'https://x.example/')).toBeNull()
  })

  it('returns null rather than grinding through a huge DOM', () => {
    const huge = `<html><body>${'<div><span>x</span></div>'.repeat(30_000)}</body></html>`
    expect(extractReadable(huge, 'https://x.example/')).toBeNull()
  })
})
