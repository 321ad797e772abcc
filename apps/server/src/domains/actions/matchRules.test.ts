/** The rules engine alone: every operator on text and number fields, OR'd groups of ANDed items, merged results, RE2 safety. */
import { describe, expect, it } from 'vitest'
import { compileRules, evaluate, rewrite, type EntryFacts } from './matchRules.ts'
import type { ActionRule } from './ruleSchema.ts'
import { validateRules } from './validateRules.ts'

const facts: EntryFacts = {
  view: 0,
  title: 'Big Promo: 50% off',
  content: '<p>Buy now</p>',
  author: 'Shop Team',
  url: 'https://shop.example/promo',
  category: 'Deals',
  feed_title: 'Shop News',
  feed_url: 'https://shop.example/feed.xml',
  site_url: 'https://shop.example/',
  entry_age: 3.5,
}

const rule = (condition: ActionRule['condition'], result: ActionRule['result'] = { star: true }, name = 'r'): ActionRule => ({ name, disabled: false, condition, result })
const matches = (field: string, operator: string, value: string) => evaluate(compileRules(validateRules([{ ...rule([[{ field: field as never, operator: operator as never, value }]]), disabled: false }])), facts) !== null

describe('matchRules', () => {
  it('each operator, case-insensitive on text', () => {
    expect(matches('title', 'contains', 'promo')).toBe(true)
    expect(matches('title', 'contains', 'nothing')).toBe(false)
    expect(matches('title', 'not_contains', 'nothing')).toBe(true)
    expect(matches('title', 'not_contains', 'PROMO')).toBe(false)
    expect(matches('author', 'eq', 'shop team')).toBe(true)
    expect(matches('author', 'eq', 'shop')).toBe(false)
    expect(matches('author', 'not_eq', 'shop')).toBe(true)
    expect(matches('entry_age', 'gt', '3')).toBe(true)
    expect(matches('entry_age', 'gt', '4')).toBe(false)
    expect(matches('entry_age', 'lt', '4')).toBe(true)
    expect(matches('view', 'eq', '0')).toBe(true)
    expect(matches('view', 'not_eq', '0')).toBe(false)
    expect(matches('url', 'regex', '^https://shop\\.example/p')).toBe(true)
    expect(matches('feed_url', 'regex', 'atom$')).toBe(false)
    expect(matches('category', 'eq', 'deals')).toBe(true)
    expect(matches('feed_title', 'contains', 'news')).toBe(true)
    expect(matches('site_url', 'contains', 'shop.example')).toBe(true)
    expect(matches('content', 'contains', 'buy now')).toBe(true)
  })

  it('groups are OR’d, items inside a group AND’ed; no condition matches all', () => {
    const both = compileRules([rule([[{ field: 'title', operator: 'contains', value: 'promo' }, { field: 'author', operator: 'contains', value: 'nobody' }], [{ field: 'view', operator: 'eq', value: '0' }]])])
    expect(evaluate(both, facts)).not.toBeNull()
    const neither = compileRules([rule([[{ field: 'title', operator: 'contains', value: 'promo' }, { field: 'author', operator: 'contains', value: 'nobody' }]])])
    expect(evaluate(neither, facts)).toBeNull()
    expect(evaluate(compileRules([rule([])]), facts)).not.toBeNull()
  })

  it('merges the results of every matching rule; disabled rules do nothing', () => {
    const outcome = evaluate(
      compileRules([
        rule([], { star: true, rewriteRules: [{ from: 'Promo', to: 'Offer' }], webhooks: ['https://a.example/'] }, 'one'),
        rule([], { silence: true, translation: 'ja', webhooks: ['https://a.example/', 'https://b.example/'] }, 'two'),
        { ...rule([], { block: true }, 'off'), disabled: true },
        rule([], { blockRules: [{ field: 'title', operator: 'contains', value: '50%' }] }, 'blocker'),
      ]),
      facts,
    )
    expect(outcome).toMatchObject({ matched: ['one', 'two', 'blocker'], star: true, silence: true, block: true, translation: 'ja', webhooks: ['https://a.example/', 'https://b.example/'] })
    expect(rewrite(facts.title, outcome!.rewrites)).toBe('Big Offer: 50% off')
  })

  // No timed assertion (speed belongs in bench/actions): a backtracking engine would take longer
  // than the age of the universe on this input, so the test's own timeout is the check.
  it('a catastrophic pattern runs in linear time on RE2', () => {
    const compiled = compileRules(validateRules([{ name: 'evil', disabled: false, condition: [[{ field: 'content', operator: 'regex', value: '(a+)+$' }, { field: 'title', operator: 'regex', value: '(x+x+)+y' }]], result: { star: true } }]))
    const hostile: EntryFacts = { ...facts, content: 'a'.repeat(50_000) + '!', title: 'x'.repeat(50_000) }
    expect(evaluate(compiled, hostile)).toBeNull()
  })

  it('validation names the broken rule (1002)', () => {
    const bad = (r: unknown) => {
      try {
        validateRules([r as never])
        return null
      } catch (error) {
        return error as { code: number; reason?: string }
      }
    }
    expect(bad({ name: 'X', disabled: false, condition: [[{ field: 'colour', operator: 'eq', value: 'red' }]], result: {} })).toMatchObject({ code: 1002, reason: 'Rule "X": unknown field "colour"' })
    expect(bad({ name: 'X', disabled: false, condition: [[{ field: 'title', operator: 'like', value: 'a' }]], result: {} })).toMatchObject({ code: 1002, reason: 'Rule "X": unknown operator "like"' })
    expect(bad({ name: 'Y', disabled: false, condition: [[{ field: 'title', operator: 'regex', value: '(?<=a)b' }]], result: {} })?.reason).toMatch(/^Rule "Y": invalid regex/)
    expect(bad({ name: 'Z', disabled: false, condition: [], result: { webhooks: ['ftp://x.example/'] } })?.reason).toBe('Rule "Z": webhook "ftp://x.example/" is not an http(s) URL')
    expect(bad({ name: 'N', disabled: false, condition: [[{ field: 'title', operator: 'gt', value: '3' }]], result: {} })?.reason).toBe('Rule "N": gt compares numbers, and title is text')
    expect(bad({ name: 'W', disabled: false, condition: [], result: { webhooks: Array.from({ length: 6 }, (_, i) => `https://h${i}.example/`) } })?.reason).toBe('Rule "W": at most 5 webhooks')
  })
})
