/**
 * The rules engine: a user's rules compiled once into matchers, tested against one entry's facts,
 * and the outcome of every matching rule merged (flags OR'd, rewrites and webhooks in rule order,
 * the last translation language wins). Pure: no SQL, no I/O.
 */
import type { ActionField } from '@brook/shared'
import { compilePattern, foldForLiteral } from './safeRegex.ts'
import type { ActionRule, ConditionItem } from './ruleSchema.ts'

/** What a condition can test about an entry, for one user (view and category are the subscription's). */
export type EntryFacts = {
  view: number | null
  title: string | null
  content: string | null
  author: string | null
  url: string | null
  category: string | null
  feed_title: string | null
  feed_url: string | null
  site_url: string | null
  /** Days since publishedAt (fractional). */
  entry_age: number
}

/** The merged outcome of the rules that matched one entry. */
export type Outcome = {
  /** Names of the matching rules, in order. */
  matched: string[]
  block: boolean
  silence: boolean
  star: boolean
  summary: boolean
  translation: string | null
  readability: boolean
  sourceContent: boolean
  newEntryNotification: boolean
  rewrites: { from: string; to: string }[]
  webhooks: string[]
}

/**
 * One entry's facts while its rules are tested: each field's text lower-cased (and folded for
 * regex literals) at most once, however many rules look at it.
 */
class Probe {
  private readonly lowered = new Map<ActionField, string>()
  private readonly folded = new Map<ActionField, string>()
  readonly facts: EntryFacts
  constructor(facts: EntryFacts) {
    this.facts = facts
  }

  text(field: ActionField): string {
    const v = this.facts[field]
    return v === null || v === undefined ? '' : String(v)
  }

  lower(field: ActionField): string {
    let out = this.lowered.get(field)
    if (out === undefined) this.lowered.set(field, (out = this.text(field).toLowerCase()))
    return out
  }

  foldedFor(field: ActionField): string {
    let out = this.folded.get(field)
    if (out === undefined) this.folded.set(field, (out = foldForLiteral(this.text(field))))
    return out
  }
}

type Test = (probe: Probe) => boolean

function compileItem(item: ConditionItem): Test {
  const field = item.field
  const numeric = field === 'view' || field === 'entry_age'
  const needle = item.value.toLowerCase()
  const number = Number(item.value)
  switch (item.operator) {
    case 'contains':
      return (p) => p.lower(field).includes(needle)
    case 'not_contains':
      return (p) => !p.lower(field).includes(needle)
    case 'eq':
      return numeric ? (p) => p.facts[field] !== null && Number(p.facts[field]) === number : (p) => p.lower(field) === needle
    case 'not_eq':
      return numeric ? (p) => p.facts[field] === null || Number(p.facts[field]) !== number : (p) => p.lower(field) !== needle
    case 'gt':
      return (p) => p.facts[field] !== null && Number(p.facts[field]) > number
    case 'lt':
      return (p) => p.facts[field] !== null && Number(p.facts[field]) < number
    case 'regex': {
      const test = compilePattern(item.value)
      return (p) => test(p.text(field), () => p.foldedFor(field))
    }
  }
}

type CompiledRule = { rule: ActionRule; condition: Test; block: Test | null }

/** Rules compiled for repeated use (disabled ones dropped). */
export type CompiledRules = { rules: CompiledRule[] }

/** Compiles rules (already validated: validateRules.ts). An empty condition matches every entry. */
export function compileRules(rules: ActionRule[]): CompiledRules {
  const out: CompiledRule[] = []
  for (const rule of rules) {
    if (rule.disabled) continue
    const groups = rule.condition.map((group) => group.map(compileItem))
    const condition: Test = groups.length === 0 ? () => true : (f) => groups.some((items) => items.every((t) => t(f)))
    const blockItems = (rule.result.blockRules ?? []).map(compileItem)
    out.push({ rule, condition, block: blockItems.length ? (f) => blockItems.some((t) => t(f)) : null })
  }
  return { rules: out }
}

/** The merged outcome for one entry, or null when no rule matches. */
export function evaluate(compiled: CompiledRules, facts: EntryFacts): Outcome | null {
  let outcome: Outcome | null = null
  const probe = new Probe(facts)
  for (const { rule, condition, block } of compiled.rules) {
    if (!condition(probe)) continue
    const r = rule.result
    const blocked = Boolean(r.block) || (block !== null && block(probe))
    outcome ??= { matched: [], block: false, silence: false, star: false, summary: false, translation: null, readability: false, sourceContent: false, newEntryNotification: false, rewrites: [], webhooks: [] }
    outcome.matched.push(rule.name)
    outcome.block ||= blocked
    outcome.silence ||= Boolean(r.silence)
    outcome.star ||= Boolean(r.star)
    outcome.summary ||= Boolean(r.summary)
    if (r.translation) outcome.translation = r.translation
    outcome.readability ||= Boolean(r.readability)
    outcome.sourceContent ||= Boolean(r.sourceContent)
    outcome.newEntryNotification ||= Boolean(r.newEntryNotification)
    outcome.rewrites.push(...(r.rewriteRules ?? []).filter((w) => w.from !== ''))
    for (const url of r.webhooks ?? []) if (!outcome.webhooks.includes(url)) outcome.webhooks.push(url)
  }
  return outcome
}

/** Applies find/replace rewrites (every occurrence, in order) to a text. */
export function rewrite(value: string | null, rewrites: { from: string; to: string }[]): string | null {
  if (value === null || rewrites.length === 0) return value
  let out = value
  for (const { from, to } of rewrites) out = out.split(from).join(to)
  return out
}

/** Days between publishedAt and now. */
export function ageInDays(publishedAt: string, now: Date): number {
  return (now.getTime() - Date.parse(publishedAt)) / 86_400_000
}
