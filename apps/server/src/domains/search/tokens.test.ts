import { describe, expect, it } from 'vitest'
import { queryTerms, searchTokens } from '@brook/shared'
import { ftsMatch, tsQuery, tsVector } from './tokens.ts'

describe('search tokens', () => {
  it('lower-cases words and folds diacritics', () => {
    expect(searchTokens('Café CRÈME, naïve-ÜBER 2024!')).toEqual(['cafe', 'creme', 'naive', 'uber', '2024'])
  })

  it('turns CJK runs into bigrams and keeps single characters', () => {
    expect(searchTokens('全文搜索')).toEqual(['全文', '文搜', '搜索'])
    expect(searchTokens('東京タワーへ行く')).toEqual(['東京', '京タ', 'タワ', 'ワー', 'ーへ', 'へ行', '行く'])
    expect(searchTokens('RSS阅读器 is 好')).toEqual(['rss', '阅读', '读器', 'is', '好'])
  })

  it('treats query operators and quotes as separators, the last word as a prefix while typing', () => {
    expect(queryTerms('"foo" AND (bar OR -baz)*')).toEqual([
      { token: 'foo', prefix: false },
      { token: 'and', prefix: false },
      { token: 'bar', prefix: false },
      { token: 'or', prefix: false },
      { token: 'baz', prefix: true },
    ])
    expect(queryTerms('hello wor ')).toEqual([
      { token: 'hello', prefix: false },
      { token: 'wor', prefix: false },
    ])
    expect(queryTerms('搜')).toEqual([{ token: '搜', prefix: true }])
    expect(queryTerms('*** "" ')).toEqual([])
  })

  it('builds match expressions that are never syntax', () => {
    expect(ftsMatch(queryTerms('near NOT "x" 中文'))).toBe('"near" "not" "x" "中文"')
    expect(tsQuery(queryTerms("o'brien 搜"))).toBe("'o' & 'brien' & '搜':*")
  })

  it('writes a tsvector literal with title weights and positions', () => {
    expect(tsVector(['a', 'b'], ['a', 'c'])).toBe("'a':1A,3 'b':2A 'c':4")
  })
})
