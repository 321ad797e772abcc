import { describe, expect, it } from 'vitest'
import { findHighlights, queryTerms, runsOf, snippetOf } from './searchText.ts'

const marked = (text: string, query: string) =>
  findHighlights(text, queryTerms(query))
    .map((h) => text.slice(h.start, h.end))

describe('search highlights', () => {
  it('marks whole words, case and accents folded, prefixes while typing', () => {
    expect(marked('The Café opens; cafés close', 'cafe ')).toEqual(['Café'])
    expect(marked('Searching search searched', 'search')).toEqual(['Searching', 'search', 'searched'])
  })

  it('marks CJK matches as one span', () => {
    expect(marked('我们的全文搜索功能很好', '全文搜索')).toEqual(['全文搜索'])
    expect(marked('東京タワーへ行く', 'タワー')).toEqual(['タワー'])
  })

  it('cuts a snippet around the first match, with ranges into it', () => {
    const text = `${'filler '.repeat(100)}the needle is here ${'tail '.repeat(100)}`
    const s = snippetOf(text, queryTerms('needle '))
    expect(s.text.startsWith('…')).toBe(true)
    expect(s.text.endsWith('…')).toBe(true)
    expect(s.highlights).toHaveLength(1)
    expect(s.text.slice(s.highlights[0]!.start, s.highlights[0]!.end)).toBe('needle')
  })
})

describe('search runs', () => {
  it('splits ASCII text exactly as the Unicode rules do (the fast path changes no token)', () => {
    const ascii = `Hello, World! It's 2026: foo_bar-baz/qux?x=1&y=2 ${'a'.repeat(40)} ${'b'.repeat(41)} MiXeD CaSe\ttab\n"quoted" [brackets] {braces} @at #hash ~tilde`
    // A non-ASCII word at the end sends the same text through the Unicode path.
    const unicode = runsOf(`${ascii} é`)
    expect(unicode.at(-1)).toEqual({ text: 'e', cjk: false })
    expect(runsOf(ascii)).toEqual(unicode.slice(0, -1))
    expect(runsOf(ascii).map((r) => r.text)).toContain('a'.repeat(40))
    expect(runsOf(ascii).map((r) => r.text)).not.toContain('b'.repeat(41))
  })
})
