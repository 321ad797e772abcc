import { describe, expect, it } from 'vitest'
import { findHighlights, queryTerms, snippetOf } from './searchText.ts'

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
