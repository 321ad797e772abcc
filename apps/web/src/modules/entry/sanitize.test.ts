import { describe, expect, it } from 'vitest'
import { sanitizeEntryHtml, videoRatio } from './sanitize.ts'

describe('sanitizeEntryHtml', () => {
  it('removes scripts and handlers', () => {
    const out = sanitizeEntryHtml('<p onclick="x()">Hi<script>alert(1)</script></p><img src="a.png" onerror="x()">')
    expect(out).not.toContain('script')
    expect(out).not.toContain('onclick')
    expect(out).not.toContain('onerror')
    expect(out).toContain('<p>Hi</p>')
  })

  it('opens links in a new tab without a referrer, resolved against the entry', () => {
    const out = sanitizeEntryHtml('<a href="/post">post</a>', { baseUrl: 'https://example.com/a/b' })
    expect(out).toContain('href="https://example.com/post"')
    expect(out).toContain('target="_blank"')
    expect(out).toContain('rel="noopener noreferrer"')
  })

  it('turns markdown-style .mp4/.webm images into video players, sized by ratio', () => {
    const out = sanitizeEntryHtml('<img src="https://cdn.example/clip.mp4?ratio=16:9" alt="clip"><img src="https://cdn.example/b.webm">')
    expect(out.match(/<video/g)).toHaveLength(2)
    expect(out).toContain('controls')
    expect(out).toContain('aspect-ratio')
    expect(videoRatio('https://x/y.mp4?ratio=4:3')).toBeCloseTo(4 / 3)
    expect(videoRatio('https://x/y.mp4')).toBeNull()
  })

  it('keeps frames only from known video hosts', () => {
    const out = sanitizeEntryHtml('<iframe src="https://www.youtube.com/embed/x"></iframe><iframe src="https://evil.example/"></iframe>')
    expect(out).toContain('youtube.com')
    expect(out).not.toContain('evil.example')
  })

  it('lazy-loads images without a referrer and drops inline styles by default', () => {
    const out = sanitizeEntryHtml('<img src="x.png" style="width:9000px">', { baseUrl: 'https://example.com/' })
    expect(out).toContain('loading="lazy"')
    expect(out).toContain('referrerpolicy="no-referrer"')
    expect(out).not.toContain('9000px')
  })
})

describe('frames: one allow-list for both passes', () => {
  it('keeps a frame from every host of the shared list, sandbox included, and nothing else', async () => {
    const { EMBED_FRAME_HOSTS } = await import('@brook/shared')
    for (const host of EMBED_FRAME_HOSTS) {
      const out = sanitizeEntryHtml(`<iframe src="https://${host}/embed/x" sandbox="allow-scripts allow-same-origin allow-popups"></iframe>`)
      expect(out, host).toContain(`src="https://${host}/embed/x"`)
      expect(out, host).toContain('sandbox="allow-scripts allow-same-origin allow-popups"')
    }
    const forced = sanitizeEntryHtml('<iframe src="https://player.vimeo.com/video/1" sandbox="allow-top-navigation allow-forms"></iframe><iframe src="https://w.soundcloud.com/player/"></iframe>')
    expect(forced.match(/sandbox="allow-scripts allow-same-origin allow-popups"/g)).toHaveLength(2)
    expect(forced).not.toContain('allow-top-navigation')
    for (const src of ['https://evil.example/', 'https://open.spotify.com.evil.example/x', 'javascript:alert(1)', '/relative']) {
      expect(sanitizeEntryHtml(`<iframe src="${src}"></iframe>`), src).not.toContain('<iframe')
    }
  })
})
