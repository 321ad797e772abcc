/**
 * Action rules of a user (SPEC §7 GET/PUT /actions): stored as one validated document (more than
 * ACTION_RULE_LIMIT → 12000), previewed against the user's latest entries, optionally applied to
 * entries already stored, and read back by the entries domain as per-user overlays.
 */
import { ACTION_PREVIEW_ENTRIES } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import { effectOf, factsOf, type NewEntry } from './applyRules.ts'
import { compileRules, evaluate } from './matchRules.ts'
import { writeEffects, type ActionsRepo, type CandidateRow, type EntryEffect, type EntryOverlay } from './repo.ts'
import type { ActionRule, ActionRuleInputType } from './ruleSchema.ts'
import { validateRules } from './validateRules.ts'

/** How many of the user's latest entries "apply to existing entries" reaches. */
export const APPLY_EXISTING_ENTRIES = 1000

function asNewEntry(row: CandidateRow): NewEntry {
  return { id: row.id, feedId: row.feedId, inboxId: row.inboxId, title: row.title, content: row.content, author: row.author, url: row.url, publishedAt: row.publishedAt }
}

function factsOfRow(row: CandidateRow, now: Date) {
  return factsOf(asNewEntry(row), { view: row.view, category: row.category }, { title: row.feedTitle, url: row.feedUrl, siteUrl: row.siteUrl }, now)
}

export function createActionsService(deps: { repo: ActionsRepo; ruleLimit: number }) {
  const { repo, ruleLimit } = deps

  async function rulesOf(userId: string): Promise<ActionRule[]> {
    const row = await repo.get(userId)
    if (!row) return []
    try {
      return JSON.parse(row.rules) as ActionRule[]
    } catch {
      return []
    }
  }

  return {
    /** GET /actions */
    async get(userId: string): Promise<{ rules: ActionRule[] }> {
      return { rules: await rulesOf(userId) }
    },

    /** PUT /actions: replaces the rules; with applyToExisting, runs them over the latest stored entries too. */
    async put(userId: string, input: ActionRuleInputType[], applyToExisting = false): Promise<{ rules: ActionRule[]; applied: number }> {
      if (input.length > ruleLimit) throw new AppError(12000, { reason: `At most ${ruleLimit} rules` })
      const rules = validateRules(input)
      const active = rules.filter((r) => !r.disabled).length
      await repo.put(userId, JSON.stringify(rules), active, nowIso())
      const applied = applyToExisting ? await this.applyToExisting(userId, rules) : 0
      return { rules, applied }
    },

    /** Runs rules over the user's latest APPLY_EXISTING_ENTRIES entries; returns how many matched. */
    async applyToExisting(userId: string, rules: ActionRule[]): Promise<number> {
      const compiled = compileRules(rules)
      if (compiled.rules.length === 0) return 0
      const now = new Date()
      const rows = await repo.latestEntries(userId, APPLY_EXISTING_ENTRIES)
      const effects: EntryEffect[] = []
      for (const row of rows) {
        const outcome = evaluate(compiled, factsOfRow(row, now))
        if (outcome) effects.push(effectOf(asNewEntry(row), row.view, outcome))
      }
      if (effects.length > 0) await repo.transaction((trx) => writeEffects(trx, userId, effects, now.toISOString()))
      return effects.length
    },

    /** POST /actions/preview: which of the user's latest entries one rule would match. */
    async preview(userId: string, input: ActionRuleInputType): Promise<{ checked: number; matched: number; entryIds: string[] }> {
      const [rule] = validateRules([{ ...input, disabled: false }])
      const compiled = compileRules([rule])
      const now = new Date()
      const rows = await repo.latestEntries(userId, ACTION_PREVIEW_ENTRIES)
      const entryIds = rows.filter((row) => evaluate(compiled, factsOfRow(row, now)) !== null).map((row) => row.id)
      return { checked: rows.length, matched: entryIds.length, entryIds }
    },

    /** The user's per-entry overlays (what the entries domain shows instead of the stored row). */
    async overlays(userId: string, entryIds: string[]): Promise<Map<string, EntryOverlay>> {
      if (entryIds.length === 0) return new Map()
      return repo.overlays(userId, entryIds)
    },
  }
}

export type ActionsService = ReturnType<typeof createActionsService>
