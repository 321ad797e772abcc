/** Subscription ids of SPEC §3: `feed/{feedId}`, `list/{listId}`, `inbox/{inboxId}`. */
export const SUBSCRIPTION_TYPES = ['feed', 'list', 'inbox'] as const
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number]

/** The target of a subscription: exactly one of the three ids. */
export interface SubscriptionTarget {
  feedId?: string | null
  listId?: string | null
  inboxId?: string | null
}

/** The subscription id of a target; throws when it names none (SPEC §3: such a subscription is invalid). */
export function subscriptionId(target: SubscriptionTarget): string {
  if (target.feedId) return `feed/${target.feedId}`
  if (target.listId) return `list/${target.listId}`
  if (target.inboxId) return `inbox/${target.inboxId}`
  throw new Error('A subscription needs a feedId, listId or inboxId')
}

/** The type of a target. */
export function subscriptionType(target: SubscriptionTarget): SubscriptionType {
  return subscriptionId(target).split('/')[0] as SubscriptionType
}

/** Splits `feed/123` into its type and id; null for anything else. */
export function parseSubscriptionId(id: string): { type: SubscriptionType; id: string } | null {
  const slash = id.indexOf('/')
  if (slash <= 0) return null
  const type = id.slice(0, slash)
  const rest = id.slice(slash + 1)
  if (!rest || !(SUBSCRIPTION_TYPES as readonly string[]).includes(type)) return null
  return { type: type as SubscriptionType, id: rest }
}

/** Inbox handles: 3–32 characters, starting with a letter, so they never collide with numeric ids. */
export const INBOX_HANDLE_PATTERN = /^[a-z][a-z0-9_-]{2,31}$/
