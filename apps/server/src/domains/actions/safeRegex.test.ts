/** The literal prefilter before RE2: the literals it finds, and that it never changes what a pattern matches. */
import { RE2JS } from 're2js'
import { describe, expect, it } from 'vitest'
import { compilePattern, foldForLiteral, requiredLiteral } from './safeRegex.ts'

describe('requiredLiteral', () => {
  it('finds the longest text every match contains, outside groups', () => {
    expect(requiredLiteral('\\bterm12[a-z]*\\b')).toBe('term12')
    expect(requiredLiteral('^Entry \\d+3$')).toBe('entry ')
    expect(requiredLiteral('shop\\.example/promo')).toBe('shop.example/promo')
    expect(requiredLiteral('colou?r')).toBe('colo')
    expect(requiredLiteral('ab+c')).toBe('ab')
    expect(requiredLiteral('xa{0,2}yz')).toBe('yz')
    expect(requiredLiteral('xa{2}yz')).toBe('xa')
    expect(requiredLiteral('(promo|sale) today')).toBe(' today')
    expect(requiredLiteral('(?i)Big(gest)? Deal')).toBe(' deal')
    expect(requiredLiteral('[abc]+def[]x]gh')).toBe('def')
    expect(requiredLiteral('[[:alpha:]]+ news')).toBe(' news')
  })

  it('gives up where it cannot be sure', () => {
    expect(requiredLiteral('promo|sale')).toBe('')
    expect(requiredLiteral('\\x41bc')).toBe('')
    expect(requiredLiteral('\\p{Greek}abc')).toBe('')
    expect(requiredLiteral('\\Qa.b\\E')).toBe('')
    expect(requiredLiteral('café')).toBe('caf')
    expect(requiredLiteral('.*')).toBe('')
  })
})

describe('compilePattern', () => {
  it('finds an ASCII letter wherever RE2 folds another character to it (K, ſ)', () => {
    let other = ''
    for (let cp = 0x80; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) other += String.fromCodePoint(cp)
    const m = RE2JS.compile('[a-z]', RE2JS.CASE_INSENSITIVE).matcher(other)
    const folding: string[] = []
    while (m.find()) folding.push(m.group() ?? '')
    expect(folding.length).toBeGreaterThan(0)
    for (const ch of folding) {
      for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
        if (RE2JS.compile(letter, RE2JS.CASE_INSENSITIVE).test(ch)) expect(foldForLiteral(ch), `${ch} folds to ${letter}`).toContain(letter)
      }
    }
  })

  it('matches exactly what RE2 alone matches (random patterns and texts)', () => {
    let seed = 12
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const pieces = ['a', 'b', 'B', 'k', 's', 'x', ' ', '.', '\\.', '\\b', '\\d', '[ab]', '[^a]', '(', ')', '|', '*', '+', '?', '{2}', '{0,1}', '{1,}', '^', '$', 'é', '(?:', '(?i)']
    const letters = ['a', 'A', 'b', 'B', 'k', 'K', '\u212a', 's', 'S', 'ſ', 'x', ' ', '.', '1', 'é', 'É']
    let compared = 0
    for (let round = 0; round < 3000; round++) {
      const pattern = Array.from({ length: 1 + next(8) }, () => pieces[next(pieces.length)]).join('')
      let re: RE2JS
      try {
        re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE)
      } catch {
        continue
      }
      const test = compilePattern(pattern)
      for (let t = 0; t < 10; t++) {
        const text = Array.from({ length: next(12) }, () => letters[next(letters.length)]).join('')
        expect(test(text), `/${pattern}/ on "${text}"`).toBe(re.test(text))
        compared++
      }
    }
    expect(compared).toBeGreaterThan(5000)
  })
})
