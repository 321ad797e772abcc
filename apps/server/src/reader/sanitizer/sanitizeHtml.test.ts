import { describe, expect, it } from 'vitest'
import { findUnsafe } from './findUnsafe.ts'
import { cleanSrcset, htmlToText, sanitizeHtml } from './sanitizeHtml.ts'
import { EMBED_FRAME_HOSTS } from '@brook/shared'

const BASE = 'https://blog.example.com/posts/2024/hello.html'
const clean = (html: string) => sanitizeHtml(html, BASE)

describe('sanitizeHtml: nothing executes', () => {
  it('removes script elements with their content', () => {
    expect(clean('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>')
    expect(clean('<SCRIPT SRC=//evil.example/x.js></SCRIPT>x')).toBe('x')
    expect(clean('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i)
  })

  it('removes every event handler attribute', () => {
    const out = clean('<p onclick="x()" onmouseover=y() OnLoad="z">t</p><img src="a.png" onerror="alert(1)">')
    expect(out).toBe('<p>t</p><img src="https://blog.example.com/posts/2024/a.png" />')
  })

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['  javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java&#x09;script:alert(1)'],
    ['&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)'],
    ['vbscript:msgbox(1)'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ])('drops the URL %s from links', (url) => {
    const out = clean(`<a href="${url}">x</a>`)
    expect(out).toBe('<a rel="noopener noreferrer" target="_blank">x</a>')
    expect(findUnsafe(out)).toEqual([])
  })

  it('allows data: images only for png, gif, jpeg and webp in img src', () => {
    expect(clean('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />')
    expect(clean('<img src="data:image/webp;base64,UklGR=">')).toContain('data:image/webp')
    expect(clean('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('')
    expect(clean('<img src="data:text/html,<script>x</script>">')).toBe('')
    expect(clean('<video poster="data:image/png;base64,AA=="></video>')).toBe('<video></video>')
    expect(clean('<a href="data:image/png;base64,AA==">x</a>')).not.toContain('data:')
  })

  it('keeps a frame from every host of the shared embed list (the browser pass keeps the same)', () => {
    for (const host of EMBED_FRAME_HOSTS) {
      expect(clean(`<iframe src="https://${host}/embed/x"></iframe>`), host).toBe(`<iframe src="https://${host}/embed/x" sandbox="allow-scripts allow-same-origin allow-popups"></iframe>`)
    }
  })

  it('keeps iframes only from video hosts, always sandboxed', () => {
    const yt = clean('<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" allowfullscreen sandbox="allow-top-navigation" onload="x()"></iframe>')
    expect(yt).toBe('<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" allowfullscreen sandbox="allow-scripts allow-same-origin allow-popups"></iframe>')
    for (const src of ['https://player.vimeo.com/video/1', 'https://www.youtube-nocookie.com/embed/x', 'https://player.bilibili.com/player.html?bvid=1', 'https://www.dailymotion.com/embed/video/x']) {
      expect(clean(`<iframe src="${src}"></iframe>`)).toContain('sandbox="allow-scripts allow-same-origin allow-popups"')
    }
    expect(clean('<iframe src="https://evil.example/"></iframe>after')).toBe('after')
    expect(clean('<iframe src="javascript:alert(1)"></iframe>')).toBe('')
    expect(clean('<iframe src="/embed/local"></iframe>')).toBe('')
    expect(clean('<iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/x"></iframe>')).not.toContain('srcdoc')
    expect(clean('<iframe src="https://www.youtube.com.evil.example/embed"></iframe>')).toBe('')
  })

  it('drops style attributes and style elements (nothing can restyle, position or overlay)', () => {
    expect(clean('<div style="position:fixed;top:0;left:0;width:100%;height:100%">x</div>')).toBe('<div>x</div>')
    expect(clean('<p style="width: expression(alert(1))">x</p>')).toBe('<p>x</p>')
    expect(clean('<p style="background:url(javascript:alert(1))">x</p>')).toBe('<p>x</p>')
    expect(clean('<p style="behavior: url(x.htc)">x</p>')).toBe('<p>x</p>')
    expect(clean('<style>body{display:none}</style>x')).toBe('x')
    expect(clean('<p class="ad" id="login">x</p>')).toBe('<p>x</p>')
  })

  it.each([
    ['<form action="https://evil.example/"><input name="pw"><button formaction="x">go</button></form>', ''],
    ['<textarea>secret</textarea>x', 'x'],
    ['<select><option>a</option></select>x', 'x'],
    ['<object data="x.swf"><param name="a" value="b">fallback <b>text</b></object>x', 'fallback <b>text</b>x'],
    ['<embed src="x.swf">x', 'x'],
    ['<applet code="x.class"><param name="a" value="b"></applet>x', 'x'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example/">x', 'x'],
    ['<base href="https://evil.example/">x', 'x'],
    ['<link rel="stylesheet" href="https://evil.example/x.css">x', 'x'],
    ['<svg onload="alert(1)"><script>alert(1)</script></svg>x', 'x'],
    ['<math><mtext><script>alert(1)</script></mtext></math>x', 'x'],
    ['<noscript><img src="https://x.example/real.jpg" onerror=alert(1)></noscript>x', '<img src="https://x.example/real.jpg" />x'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>', '<p title="&lt;/noscript&gt;&lt;img src=x onerror=alert(1)&gt;"></p>'],
    ['<frameset><frame src="x"></frameset>x', 'x'],
  ])('removes forbidden element: %s', (html, expected) => {
    expect(clean(html)).toBe(expected)
  })

  it('gives links rel="noopener noreferrer" and target="_blank", overriding the feed', () => {
    expect(clean('<a href="https://x.example/" target="_self" rel="opener">x</a>')).toBe('<a href="https://x.example/" rel="noopener noreferrer" target="_blank">x</a>')
  })
})

describe('sanitizeHtml: URLs', () => {
  it('resolves relative href, src, poster and cite against the base URL', () => {
    expect(clean('<a href="../2023/old.html">o</a>')).toContain('href="https://blog.example.com/posts/2023/old.html"')
    expect(clean('<a href="/about">a</a>')).toContain('href="https://blog.example.com/about"')
    expect(clean('<a href="#top">t</a>')).toContain('href="https://blog.example.com/posts/2024/hello.html#top"')
    expect(clean('<img src="img/a.png">')).toBe('<img src="https://blog.example.com/posts/2024/img/a.png" />')
    expect(clean('<img src="//cdn.example.net/a.png">')).toBe('<img src="https://cdn.example.net/a.png" />')
    expect(clean('<video src="v.mp4" poster="p.jpg" controls></video>')).toBe(
      '<video src="https://blog.example.com/posts/2024/v.mp4" poster="https://blog.example.com/posts/2024/p.jpg" controls></video>',
    )
    expect(clean('<blockquote cite="/src">q</blockquote>')).toBe('<blockquote cite="https://blog.example.com/src">q</blockquote>')
  })

  it('keeps relative URLs as they are when there is no base', () => {
    expect(sanitizeHtml('<img src="a.png">')).toBe('<img src="a.png" />')
  })

  it('keeps mailto: links', () => {
    expect(clean('<a href="mailto:me@example.com">m</a>')).toContain('href="mailto:me@example.com"')
  })

  it('cleans each srcset candidate: resolved, and dropped when not http(s)', () => {
    expect(clean('<img src="a.jpg" srcset="a.jpg 1x, /b.jpg 2x, javascript:alert(1) 3x, data:image/png;base64,AA 4x">')).toBe(
      '<img src="https://blog.example.com/posts/2024/a.jpg" srcset="https://blog.example.com/posts/2024/a.jpg 1x, https://blog.example.com/b.jpg 2x" />',
    )
    expect(clean('<picture><source srcset="a.webp 480w, b.webp 800w" type="image/webp"><img src="a.jpg"></picture>')).toBe(
      '<picture><source srcset="https://blog.example.com/posts/2024/a.webp 480w, https://blog.example.com/posts/2024/b.webp 800w" type="image/webp" /><img src="https://blog.example.com/posts/2024/a.jpg" /></picture>',
    )
    expect(cleanSrcset('https://x.example/a,b.jpg 1x', undefined)).toBe('https://x.example/a,b.jpg 1x')
    expect(clean('<img srcset="javascript:alert(1)">')).toBe('')
  })
})

describe('sanitizeHtml: keeps semantic HTML', () => {
  it.each([
    '<p>para <a href="https://x.example/" rel="noopener noreferrer" target="_blank">link</a> <strong>b</strong> <em>i</em> <code>c</code> <sup>1</sup><sub>2</sub></p>',
    '<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>',
    '<ul><li>a</li></ul><ol start="3"><li>b</li></ol><dl><dt>t</dt><dd>d</dd></dl>',
    '<blockquote><p>q</p></blockquote><pre><code>x = 1\n</code></pre>',
    '<figure><img src="https://x.example/a.png" alt="a" width="10" height="10" /><figcaption>cap</figcaption></figure>',
    '<table><caption>c</caption><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>',
    '<audio src="https://x.example/a.mp3" controls></audio>',
    '<details><summary>s</summary>more</details>',
    '<p><del>old</del><ins>new</ins><mark>m</mark><small>s</small><abbr title="t">a</abbr><kbd>k</kbd></p>',
  ])('%s', (html) => {
    expect(clean(html)).toBe(html)
  })
})

describe('htmlToText', () => {
  it('drops tags and hidden content, decodes entities, collapses whitespace', () => {
    expect(htmlToText('<p>Caf&eacute;&nbsp;<b>au</b>\n\n lait</p><script>x()</script><style>p{}</style>')).toBe('Café au lait')
    expect(htmlToText('one<br>two<p>three</p>')).toBe('one two three')
    expect(htmlToText('AT&amp;T &lt;b&gt;')).toBe('AT&T <b>')
    expect(htmlToText('<img alt="x>y" src="a.png">z')).toBe('z')
  })

  it('cuts at a word boundary with an ellipsis', () => {
    const text = htmlToText(`<p>${'word '.repeat(200)}</p>`, 300)
    expect(text.length).toBeLessThanOrEqual(300)
    expect(text.endsWith('word…')).toBe(true)
  })
})

describe('findUnsafe (the checker used on the sanitize corpus)', () => {
  it('catches what it is meant to catch', () => {
    expect(findUnsafe('<a href="javascript:alert(1)">x</a>')).not.toEqual([])
    expect(findUnsafe('<img src=x onerror=alert(1)>')).not.toEqual([])
    expect(findUnsafe('<iframe src="https://evil.example/"></iframe>')).not.toEqual([])
    expect(findUnsafe('<p style="x">y</p>')).not.toEqual([])
    expect(findUnsafe('<form></form>')).not.toEqual([])
    expect(findUnsafe('<p>fine</p>')).toEqual([])
  })
})

describe('htmlToText on long bodies', () => {
  it('never shows the code of a script the length window cuts open', () => {
    const html = `<p>${'intro '.repeat(10)}</p><script>${'var leak = 1; '.repeat(2000)}</script><p>after</p>`
    const text = htmlToText(html, 300)
    expect(text).not.toContain('leak')
    expect(text.startsWith('intro intro')).toBe(true)
  })
})

describe('htmlToText on crafted input', () => {
  it.each([
    ['unclosed quoted attributes', '<a b="'.repeat(50_000)],
    ['a tag full of spaces', `<a${' '.repeat(200_000)}`],
    ['unclosed scripts', '<script>x'.repeat(20_000)],
    ['unclosed CDATA and comments', '<![CDATA[x<!--y'.repeat(20_000)],
    ['many attributes', `<a ${'b=c '.repeat(100_000)}>`],
  ])('%s: linear time', (_name, html) => {
    // Quadratic work on these inputs would run for minutes: the test's own timeout is the check.
    expect(typeof htmlToText(html)).toBe('string')
  })

  it('keeps the text of unterminated declarations, drops a tag left open at the end', () => {
    expect(htmlToText('<!DOCTYPE')).toBe('<!DOCTYPE')
    expect(htmlToText('keep <a href="x')).toBe('keep')
    expect(htmlToText('<![CDATA[<script>]]>after')).toBe(']]>after')
  })
})
