/**
 * The streaming sanitizer against the sanitize-html one it replaced (sanitizeHtmlBaseline.ts,
 * same policy): the same output, byte for byte, for every entry of every corpus feed (feedparser,
 * gofeed — the XSS cases included), for crafted inputs, and for thousands of random documents
 * mixing allowed and forbidden elements, hostile attributes, URLs, entities and broken markup.
 * The guarantees of the old sanitizer therefore carry over unchanged.
 */
import fs from 'node:fs'
import sanitize from 'sanitize-html'
import { describe, expect, it } from 'vitest'
import { corpusDir, walk } from '../../test/corpus/corpusKit.ts'
import { normalizeFeed } from '../normalize/normalizeFeed.ts'
import { FeedParseError, parseDocument } from '../parser/parseFeed.ts'
import { ALLOWED_ATTRIBUTES } from './allowList.ts'
import { findUnsafe } from './findUnsafe.ts'
import { NON_BOOLEAN, sanitizeHtml, sanitizerSlowPathCalls } from './sanitizeHtml.ts'
import { sanitizeHtmlBaseline } from './sanitizeHtmlBaseline.ts'

type Case = { html: string; base: string | undefined; where: string }

function mismatches(cases: Case[]): string[] {
  const out: string[] = []
  for (const c of cases) {
    const fast = sanitizeHtml(c.html, c.base)
    const slow = sanitizeHtmlBaseline(c.html, c.base)
    if (fast !== slow) out.push(`${c.where}\n  input:    ${JSON.stringify(c.html.slice(0, 400))}\n  stream:   ${JSON.stringify(fast.slice(0, 400))}\n  baseline: ${JSON.stringify(slow.slice(0, 400))}`)
  }
  return out
}

describe('streaming sanitizer = sanitize-html baseline', () => {
  it('treats as non-boolean exactly the allowed attributes sanitize-html does', () => {
    const allowed = new Set(Object.values(ALLOWED_ATTRIBUTES).flat())
    const theirs = (sanitize.defaults as unknown as { nonBooleanAttributes: string[] }).nonBooleanAttributes.filter((a) => allowed.has(a) && a !== 'alt')
    expect([...NON_BOOLEAN].filter((a) => allowed.has(a)).sort()).toEqual(theirs.sort())
  })

  for (const [name, ...parts] of [
    ['feedparser', 'feedparser', 'wellformed'],
    ['gofeed', 'gofeed'],
  ] as const) {
    const root = corpusDir(...parts)
    it.skipIf(!root)(`on every entry of the ${name} corpus`, () => {
      const cases: Case[] = []
      for (const file of walk(root!).filter((f) => /\.(xml|json)$/.test(f))) {
        let doc: ReturnType<typeof parseDocument>
        try {
          doc = parseDocument(fs.readFileSync(file))
        } catch (error) {
          if (error instanceof FeedParseError) continue
          throw error
        }
        try {
          normalizeFeed(doc, {
            feedUrl: `http://127.0.0.1:8097/${file.slice(root!.length + 1)}`,
            now: new Date('2024-01-01T00:00:00Z'),
            sanitize: (html, base) => {
              cases.push({ html, base: base ?? undefined, where: file })
              return html
            },
          })
        } catch {
          // normalize failures are other suites' business
        }
      }
      expect(cases.length).toBeGreaterThan(50)
      expect(mismatches(cases)).toEqual([])
    })
  }

  it('on crafted inputs', () => {
    const inputs = [
      '<p>a</p><script>alert(1)</script><p>b</p>',
      '<scr<script>ipt>alert(1)</script>',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href=" &#14;  javascript:alert(1)">x</a>',
      '<a href="jav<!-- x -->ascript:alert(1)">x</a>',
      '<a href="//evil.example/">x</a><a href="\\\\evil.example/">y</a>',
      '<img src="data:image/png;base64,AA==" srcset="a.jpg 1.50x, b.jpg 0x, c.jpg 2X, d.jpg 0w, e.jpg 0480w, f.jpg 1.x, g.jpg .5x">',
      '<img srcset="https://x.example/a,b.jpg 1x,https://x.example/c.jpg">',
      '<iframe src="https://www.youtube.com/embed/x">fallback <b>text</b></iframe>',
      '<iframe src="  //www.youtube.com/embed/x"></iframe>',
      '<iframe src="https:\\\\www.youtube.com/embed/x"></iframe>',
      '<iframe src="relative://www.youtube.com/"></iframe><iframe src="https://user@www.youtube.com:443/x"></iframe>',
      '<iframe><iframe src="https://www.youtube.com/embed/x"></iframe></iframe>',
      '<p title="" lang dir="">x</p><img alt src="a.png"><video controls loop="" src="v.mp4"></video>',
      '<p title="a &quot; b &lt; c &amp;amp; d">x &lt; y &gt; z &amp; w &nbsp;</p>',
      '<p><div>implied</div><li>a<li>b</p><table><td>x<tr><td>y</table>',
      '<svg><p>in svg</p><a href="x">a</a></svg><math><mi>x</mi></math>after',
      '<noscript><p>kept</p></noscript><textarea><p>gone</p></textarea><xmp><p>gone</p></xmp>',
      '<select><option>gone<p>gone</p></option></select><template><p>gone</p></template>',
      '<object><param><embed src="x"><p>fallback</p></object>',
      '<a href="x" __proto__="y" constructor="z" 1="2" a="b" a="c" HREF="d">dup</a>',
      '<p =x ="y" a<b="c" a/b="c">names</p>',
      '</p></div></a>stray closers<br/><br></br>',
      '<img src="x.png"/><img/><img src=""><img srcset="javascript:alert(1)"><img src="javascript:alert(1)">',
      '<a href="#top">t</a><a href="?q">q</a><a href="mailto:a@b">m</a><a href="tel:1">t</a><a href="magnet:?xt=1">mg</a><a href="sms:1">s</a>',
      '<blockquote cite="javascript:alert(1)">q</blockquote><q cite="/rel">r</q><del cite="//x.example/">d</del>',
      '<video poster="data:image/png;base64,AA==" src="//cdn.example/v.mp4"><track src="t.vtt" default><source src="ftp://x/y"></video>',
      '<p>\u0000nul\u0001 \u007f\ufffe controls</p>',
      '<<p>>text<</p>>&&amp;&lt;&#0;&#x110000;&#55296;',
      '<!-- comment --><![CDATA[cdata]]><?pi?><!DOCTYPE html>text',
      '<p>unterminated <a href="x',
      '<a title="x>y">x</a><p title=\'single "quoted"\'>y</p>',
      '<style>p{}</style><script src="x"></script><title>t</title>text',
      '<plaintext><p>rest is text</p>',
      '<details open><summary>s</summary>x</details><ol reversed start="3" type="a"><li value="4">l</li></ol>',
      '<frameset><frame src="x"></frameset><button>b</button><form><input></form>',
    ]
    const cases = inputs.flatMap((html, i) => [
      { html, base: 'https://blog.example.com/posts/2024/hello.html', where: `crafted ${i}` },
      { html, base: undefined, where: `crafted ${i} without base` },
    ])
    expect(mismatches(cases)).toEqual([])
  })

  it('on 3,000 random documents', () => {
    let seed = 1234567
    const rand = () => {
      seed = (seed * 1103515245 + 12345) >>> 0
      return seed / 2 ** 32
    }
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]
    const tags = ['p', 'div', 'a', 'img', 'iframe', 'script', 'style', 'svg', 'math', 'noscript', 'textarea', 'b', 'i', 'li', 'ul', 'table', 'tr', 'td', 'video', 'source', 'picture', 'object', 'form', 'select', 'option', 'br', 'span', 'blockquote', 'xmp', 'title', 'template', 'details', 'col', 'frameset']
    const names = ['href', 'src', 'srcset', 'style', 'onclick', 'onerror', 'title', 'alt', 'class', 'id', 'target', 'rel', 'sandbox', 'srcdoc', 'poster', 'cite', 'width', 'lang', 'controls', 'data-x', 'xlink:href', 'formaction']
    const values = ['', 'x', 'a.png', '/abs', '//cdn.example/a.jpg', 'https://www.youtube.com/embed/1', 'https://evil.example/', 'javascript:alert(1)', ' JaVa\tScRiPt:x', 'data:image/png;base64,AA', 'data:text/html,x', 'a.jpg 1x, b.jpg 2x', 'a.jpg 2X', '"q"', "a'b", 'a>b', 'a&amp;b', '&#106;avascript:x', 'mailto:x@y', '#f']
    const texts = ['text', ' ', '&amp;', '&lt;b&gt;', '&nbsp;', '<', '>', '&', '"', 'é', '\u0000', '&#x3c;script&#x3e;', '\n']
    const element = (depth: number): string => {
      const tag = pick(tags)
      let attrs = ''
      for (let n = Math.floor(rand() * 4); n > 0; n--) {
        const q = pick(['"', "'", ''])
        const v = pick(values)
        attrs += rand() < 0.1 ? ` ${pick(names)}` : ` ${rand() < 0.1 ? pick(names).toUpperCase() : pick(names)}=${q}${q ? v.replaceAll(q, '') : v.replace(/[\s>"'`=<]/g, '')}${q}`
      }
      let inner = ''
      for (let n = depth > 3 ? 0 : Math.floor(rand() * 4); n > 0; n--) inner += rand() < 0.5 ? pick(texts) : element(depth + 1)
      const close = rand() < 0.85 ? `</${tag}>` : ''
      return `<${tag}${attrs}>${inner}${close}`
    }
    const cases: Case[] = []
    for (let i = 0; i < 3000; i++) {
      let html = ''
      for (let n = 1 + Math.floor(rand() * 4); n > 0; n--) html += rand() < 0.2 ? pick(texts) : element(0)
      cases.push({ html, base: rand() < 0.8 ? 'https://blog.example.com/a/b.html' : undefined, where: `random ${i}` })
    }
    expect(mismatches(cases)).toEqual([])
    // And the output is safe by the corpus checker's rules.
    const unsafe = cases.flatMap((c) => findUnsafe(sanitizeHtml(c.html, c.base)).map((p) => `${c.where}: ${p}`))
    expect(unsafe).toEqual([])
  })

  it('on 5,000 markup soups (the fast scan against htmlparser2 at the edges of tokenizing)', () => {
    let seed = 7654321
    const rand = () => {
      seed = (seed * 1103515245 + 12345) >>> 0
      return seed / 2 ** 32
    }
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]
    // Pieces that move htmlparser2's tokenizer between its states; most documents stay within
    // what the fast scan takes, the rest checks that it hands over cleanly.
    const texts = [' ', 'x', '\n', '\t', 'é', '<', '< p', '<3', '>', '&', '&amp', '&amp;', '&lt;', '&#60;', '&#x3c', '&#0;', '&#1;', '&not', '&notin;', '&notit;', '&quot', '"', "'", '=', '/', '\u0000', '\u000f', '\u001c']
    const names = ['p', 'a', 'b', 'li', 'td', 'tr', 'th', 'img', 'br', 'hr', 'iframe', 'script', 'SCRIPT', 'style', 'title', 'textarea', 'xmp', 'option', 'select', 'table', 'tbody', 'dd', 'rt', 'div', 'h2', 'P', 'Br', 'x1', 'svg', 'math', 'my-el']
    const attrNames = ['href', 'src', 'alt', 'srcset', 'title', 'HREF', 'x', 'data-x', 'a:b', '_y', 'on.z', 'sandbox', 'rel']
    const values = ['', 'x', 'a.png 2x', 'https://www.youtube.com/embed/1', 'javascript:alert(1)', '/rel?a=1&amp;b=2', '&quot', '&amp=', '&notit', 'a>b', "a'b", 'a"b', ' sp ', '&#x6a;avascript:x']
    const attr = () => {
      const name = pick(attrNames)
      const roll = rand()
      if (roll < 0.15) return ` ${name}`
      const v = pick(values)
      if (roll < 0.5) return ` ${name}="${v.replaceAll('"', '')}"`
      if (roll < 0.7) return ` ${name}='${v.replaceAll("'", '')}'`
      if (roll < 0.9) return ` ${name}=${v.replace(/[\s>]/g, '')}`
      return pick([` ${name} = "${v.replaceAll('"', '')}"`, ` ${name}=`, `/${name}=x`, ` / ${name}`, `${name}="x"`, ` ${name}=>`])
    }
    // Half of the documents leave out what the fast scan hands over (foreign content, odd names, declarations).
    let plain = false
    const handedOver = /^(?:svg|math|my-el)$|^<(?:!\[|\?|!D|!-x|\/ |\/>|\/1|\/p\/)/
    const pickFor = <T extends string>(xs: readonly T[]): T => {
      for (;;) {
        const x = pick(xs)
        if (!plain || !handedOver.test(x)) return x
      }
    }
    const piece = (): string => {
      const roll = rand()
      if (roll < 0.3) return pick(texts)
      if (roll < 0.55) {
        let attrs = ''
        for (let n = Math.floor(rand() * 3); n > 0; n--) attrs += attr()
        return `<${pickFor(names)}${attrs}${pick(['>', '>', '>', '/>', ' />', ' / >', '\n>'])}`
      }
      if (roll < 0.8) return `</${pickFor(names)}${pick(['>', '>', ' >', ' x>', '\t>', ' / >'])}`
      if (roll < 0.9) return pickFor(['<!-- c -->', '<!-->', '<!--->', '<!---->', '<!-- a -- b --->', '<!-- <p> -->', '<!-x->', '<![CDATA[x]]>', '<?pi?>', '<!DOCTYPE html>'])
      return pickFor(['</script x>', '</scriptx>', '</SCRIPT\t>', '<</style>', '</ p>', '</>', '</1>', '</p/>', '</br>', '</img>'])
    }
    const cases: Case[] = []
    for (let i = 0; i < 5000; i++) {
      let html = ''
      plain = rand() < 0.5
      for (let n = 1 + Math.floor(rand() * 30); n > 0; n--) html += piece()
      cases.push({ html, base: rand() < 0.5 ? 'https://blog.example.com/a/b.html' : undefined, where: `soup ${i}` })
    }
    const slowBefore = sanitizerSlowPathCalls()
    expect(mismatches(cases)).toEqual([])
    // Not vacuous: a good share of the soups went through the fast scan, not only htmlparser2.
    const slow = sanitizerSlowPathCalls() - slowBefore
    expect(slow).toBeGreaterThan(0)
    expect(slow).toBeLessThan(cases.length * 0.5)
  })

  it('on 400 generated articles like bench/parse\'s (links, figures, lists, code, quotes, embeds, entities, relative URLs)', () => {
    let seed = 42424242
    const rand = () => {
      seed = (seed * 1103515245 + 12345) >>> 0
      return seed / 2 ** 32
    }
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]
    const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))
    const vocabulary = 'the of and feed reader stream entry article release café naïve über straße 東京 データ новости αλφα'.split(' ')
    const words = (n: number) => Array.from({ length: n }, () => pick(vocabulary)).join(' ')
    const href = () => pick(['https://blog.example.com/p/1?ref=feed&amp;utm=rss', '/relative/path', '../up.html', 'HTTPS://Example.COM/x', '#frag', 'mailto:a@b.example', 'javascript:alert(1)', 'https://xn--caf-dma.example/é'])
    const paragraph = () => {
      const parts: string[] = []
      for (let i = int(3, 18); i > 0; i--) {
        const roll = rand()
        if (roll < 0.15) parts.push(`<a href="${href()}">${words(3)}</a>`)
        else if (roll < 0.2) parts.push(`<a href="${href()}" title="${words(2)}" target="_self">${words(2)}</a>`)
        else if (roll < 0.28) parts.push(`<${pick(['strong', 'em', 'b', 'i', 'code', 'span'])}>${words(4)}</${pick(['strong', 'em', 'b', 'i', 'code', 'span'])}>`)
        else if (roll < 0.34) parts.push(`${words(3)} &amp; ${words(1)}&#8217;s &ldquo;${words(1)}&rdquo; a &lt; b &gt; c`)
        else if (roll < 0.36) parts.push(`<span style="color:red" onclick="x()">${words(2)}</span><br>`)
        else parts.push(words(int(3, 9)))
      }
      return `<p>${parts.join(' ')}.</p>`
    }
    const block = () => {
      const roll = rand()
      if (roll < 0.1) return `<figure><img src="${pick(['https://cdn.example.com/i/1.jpg', 'img/2.png', '//cdn.example.com/3.webp', 'data:image/png;base64,AA==', ''])}" alt="${words(3)}" width="${int(300, 1600)}" height="${int(200, 900)}" loading="lazy" srcset="a.jpg 1x, https://cdn.example.com/b.jpg 2x"><figcaption>${words(6)}</figcaption></figure>`
      if (roll < 0.18) return `<ul>${Array.from({ length: int(2, 5) }, () => `<li>${words(int(2, 8))}`).join(rand() < 0.5 ? '</li>' : '')}</ul>`
      if (roll < 0.23) return `<pre><code>const x = a &lt; b &amp;&amp; c &gt; d; // ${words(4)}\n}</code></pre>`
      if (roll < 0.27) return `<blockquote cite="${href()}"><p>${words(int(5, 20))}</p></blockquote>`
      if (roll < 0.3) return `<h2>${words(int(2, 6))}</h2>`
      if (roll < 0.32) return `<iframe src="${pick(['https://www.youtube.com/embed/1', 'https://evil.example/x', '/rel'])}" width="560" height="315" allowfullscreen></iframe>`
      if (roll < 0.34) return `<script>var a = "<p>" + 1</script><!-- ${words(2)} --><style>p { color: red }</style>`
      if (roll < 0.36) return `<table><tr><td>${words(2)}<td>${words(2)}<tr><th scope="col">${words(1)}</table>`
      return paragraph()
    }
    const cases: Case[] = []
    for (let i = 0; i < 400; i++) {
      const html = Array.from({ length: int(3, 40) }, block).join(rand() < 0.5 ? '\n' : '')
      cases.push({ html, base: rand() < 0.8 ? `https://site${i}.example.com/posts/${i}.html` : undefined, where: `generated ${i}` })
    }
    const slowBefore = sanitizerSlowPathCalls()
    expect(mismatches(cases)).toEqual([])
    // They are what the fast scan and the copy of unchanged input are for: none went to htmlparser2.
    expect(sanitizerSlowPathCalls()).toBe(slowBefore)
  })

  it('takes the fast scan for ordinary article HTML', () => {
    const before = sanitizerSlowPathCalls()
    const html = '<p>Text &amp; <a href="/x?a=1&amp;b=2">link</a> <em>em</em><br/>\n<img src="a.jpg" alt="" width=300 loading=lazy></p>' +
      '<figure><img srcset="a.jpg 1x, b.jpg 2x"><figcaption>cap</figcaption></figure><!-- c --><ul><li>a<li>b</ul>' +
      '<iframe src="https://www.youtube.com/embed/1" allowfullscreen></iframe><script async src="x.js"></script><p>after</p>'
    expect(sanitizeHtml(html, 'https://blog.example.com/a/b.html')).toBe(sanitizeHtmlBaseline(html, 'https://blog.example.com/a/b.html'))
    expect(sanitizerSlowPathCalls()).toBe(before)
  })
})
