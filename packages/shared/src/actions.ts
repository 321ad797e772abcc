/**
 * Action rules (SPEC §1, §7 GET/PUT /actions): the fields a condition item can test, its
 * operators, and the limits both the rule editor and the server hold rules to.
 */

/** Fields a condition item tests. `entry_age` is in days; `view` is the subscription's view number. */
export const ACTION_FIELDS = ['view', 'title', 'content', 'author', 'url', 'category', 'feed_title', 'feed_url', 'site_url', 'entry_age'] as const
export type ActionField = (typeof ACTION_FIELDS)[number]

/** Operators of a condition item (`gt`/`lt` compare numbers: view, entry_age). */
export const ACTION_OPERATORS = ['contains', 'not_contains', 'eq', 'not_eq', 'gt', 'lt', 'regex'] as const
export type ActionOperator = (typeof ACTION_OPERATORS)[number]

/** Fields holding numbers (compared numerically by eq/not_eq/gt/lt). */
export const ACTION_NUMBER_FIELDS: readonly ActionField[] = ['view', 'entry_age']

/** At most this many webhook URLs per rule. */
export const ACTION_WEBHOOKS_MAX = 5
/** A regex pattern may be at most this long. */
export const ACTION_REGEX_MAX_LENGTH = 1000
/** Rewrite rules per rule, condition groups per rule, items per group. */
export const ACTION_REWRITES_MAX = 20
export const ACTION_GROUPS_MAX = 20
export const ACTION_ITEMS_MAX = 20
/** How many of the user's latest entries the live preview tests a rule against. */
export const ACTION_PREVIEW_ENTRIES = 100

/** True when s names a condition field. */
export function isActionField(s: unknown): s is ActionField {
  return typeof s === 'string' && (ACTION_FIELDS as readonly string[]).includes(s)
}

/** True when s names an operator. */
export function isActionOperator(s: unknown): s is ActionOperator {
  return typeof s === 'string' && (ACTION_OPERATORS as readonly string[]).includes(s)
}
