/**
 * Rules applied as entries arrive (feed refresh, inbox e-mail, inbox webhook), inside the ingest's
 * transaction so counters stay exact: for each reader with enabled rules, each new entry is tested
 * and the matching rules' effects written (repo.ts writeEffects). Readers without rules cost one
 * indexed lookup per stored batch. Webhook deliveries are returned for the caller to send after
 * the commit.
 */
import type { Db } from '../../db/transactions.ts'
import { ageInDays, compileRules, evaluate, rewrite, type CompiledRules, type EntryFacts, type Outcome } from './matchRules.ts'
import { feedFacts, ruleHolderOfInbox, ruleHoldersOfFeed, writeEffects, type EntryEffect, type RuleHolder } from './repo.ts'
import type { ActionRule } from './ruleSchema.ts'

/** A just-stored entry, as far as rules look at it. */
export type NewEntry = {
  id: string
  feedId: string | null
  inboxId: string | null
  title: string | null
  content: string | null
  author: string | null
  url: string | null
  publishedAt: string
}

/** One webhook POST to make once the entry is committed. */
export type WebhookDelivery = { url: string; userId: string; rule: string[]; payload: Record<string, unknown> }

/** Compiled rules per user, reused while the user's rules are unchanged. */
const compiledCache = new Map<string, { updatedAt: string; compiled: CompiledRules }>()
const COMPILED_CACHE_MAX = 10_000

/** A user's compiled rules (cached by updatedAt; a broken stored document counts as no rules). */
export function compiledRulesOf(holder: Pick<RuleHolder, 'userId' | 'rules' | 'updatedAt'>): CompiledRules {
  const hit = compiledCache.get(holder.userId)
  if (hit && hit.updatedAt === holder.updatedAt) return hit.compiled
  let compiled: CompiledRules
  try {
    compiled = compileRules(JSON.parse(holder.rules) as ActionRule[])
  } catch {
    compiled = { rules: [] }
  }
  if (compiledCache.size >= COMPILED_CACHE_MAX) compiledCache.clear()
  compiledCache.set(holder.userId, { updatedAt: holder.updatedAt, compiled })
  return compiled
}

/** The entry settings a reader follows (only what rules set), as JSON text or null. */
export function settingsOf(outcome: Outcome): string | null {
  const settings: Record<string, boolean | string> = {}
  if (outcome.summary) settings.summary = true
  if (outcome.translation) settings.translation = outcome.translation
  if (outcome.readability) settings.readability = true
  if (outcome.sourceContent) settings.sourceContent = true
  if (outcome.newEntryNotification) settings.newEntryNotification = true
  return Object.keys(settings).length ? JSON.stringify(settings) : null
}

/** One entry's effect for one user from the merged outcome. */
export function effectOf(entry: NewEntry, view: number, outcome: Outcome): EntryEffect {
  const title = rewrite(entry.title, outcome.rewrites)
  const content = rewrite(entry.content, outcome.rewrites)
  return {
    entry: { id: entry.id, feedId: entry.feedId, inboxId: entry.inboxId, publishedAt: entry.publishedAt },
    view,
    read: outcome.silence || outcome.block,
    star: outcome.star && !outcome.block,
    blocked: outcome.block,
    title: title !== entry.title ? title : null,
    content: content !== entry.content ? content : null,
    settings: settingsOf(outcome),
  }
}

/** The facts of an entry for one reader. */
export function factsOf(entry: NewEntry, holder: { view: number; category: string | null }, feed: { title: string | null; url: string | null; siteUrl: string | null } | null, now: Date): EntryFacts {
  return {
    view: holder.view,
    title: entry.title,
    content: entry.content,
    author: entry.author,
    url: entry.url,
    category: holder.category,
    feed_title: feed?.title ?? null,
    feed_url: feed?.url ?? null,
    site_url: feed?.siteUrl ?? null,
    entry_age: ageInDays(entry.publishedAt, now),
  }
}

/**
 * Applies every reader's rules to entries just stored in `trx` (all of one feed, or one inbox's
 * entry). Returns the webhook deliveries to send after the commit.
 */
export async function applyRulesOnIngest(trx: Db, source: { feedId: string } | { inboxId: string }, entries: NewEntry[], now: Date): Promise<WebhookDelivery[]> {
  if (entries.length === 0) return []
  let holders: RuleHolder[]
  let feed: { title: string | null; url: string | null; siteUrl: string | null } | null = null
  if ('feedId' in source) {
    holders = await ruleHoldersOfFeed(trx, source.feedId)
    if (holders.length === 0) return []
    feed = await feedFacts(trx, source.feedId)
  } else {
    const holder = await ruleHolderOfInbox(trx, source.inboxId)
    if (!holder) return []
    holders = [holder]
  }
  const nowIso = now.toISOString()
  const deliveries: WebhookDelivery[] = []
  for (const holder of holders) {
    const compiled = compiledRulesOf(holder)
    if (compiled.rules.length === 0) continue
    const effects: EntryEffect[] = []
    for (const entry of entries) {
      const outcome = evaluate(compiled, factsOf(entry, holder, feed, now))
      if (!outcome) continue
      const effect = effectOf(entry, holder.view, outcome)
      effects.push(effect)
      for (const url of outcome.webhooks) {
        deliveries.push({
          url,
          userId: holder.userId,
          rule: outcome.matched,
          payload: {
            entry: { id: entry.id, feedId: entry.feedId, inboxId: entry.inboxId, title: effect.title ?? entry.title, url: entry.url, content: effect.content ?? entry.content, author: entry.author, publishedAt: entry.publishedAt },
            feed: feed ? { title: feed.title, url: feed.url, siteUrl: feed.siteUrl } : null,
            rules: outcome.matched,
          },
        })
      }
    }
    if (effects.length > 0) await writeEffects(trx, holder.userId, effects, nowIso)
  }
  return deliveries
}
