/** Icons are recognised by their bytes, not by what the server calls them; the candidates come in the order a reader expects. */
import { describe, expect, it } from 'vitest'
import { imageTypeOf } from './imageTypeOf.ts'
import { iconCandidates } from './service.ts'

describe('feed icons', () => {
  it('recognises PNG, GIF, JPEG, ICO and WebP by signature, and nothing else', () => {
    const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)))
    expect(imageTypeOf(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0]))).toBe('image/png')
    expect(imageTypeOf(bytes('GIF89a', [1, 0]))).toBe('image/gif')
    expect(imageTypeOf(bytes('GIF87a'))).toBe('image/gif')
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(imageTypeOf(bytes([0, 0, 1, 0, 1, 0]))).toBe('image/x-icon')
    expect(imageTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp')
    // An HTML page served as favicon.ico, an SVG, an empty ICO directory, nothing at all.
    expect(imageTypeOf(bytes('<!doctype html><title>Home</title>'))).toBeNull()
    expect(imageTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(imageTypeOf(bytes([0, 0, 1, 0, 0, 0]))).toBeNull()
    expect(imageTypeOf(new Uint8Array())).toBeNull()
  })

  it("looks at the feed's image first, then the site's /favicon.ico (else the feed host's)", () => {
    expect(iconCandidates({ id: '1', url: 'https://feeds.example/a.xml', image: 'https://cdn.example/logo.png', siteUrl: 'https://blog.example/posts/' })).toEqual(['https://cdn.example/logo.png', 'https://blog.example/favicon.ico'])
    expect(iconCandidates({ id: '1', url: 'https://feeds.example/a.xml', image: null, siteUrl: null })).toEqual(['https://feeds.example/favicon.ico'])
    expect(iconCandidates({ id: '1', url: 'rsshub://github/issue/x', image: 'data:image/png;base64,AAAA', siteUrl: 'not a url' })).toEqual([])
  })
})
