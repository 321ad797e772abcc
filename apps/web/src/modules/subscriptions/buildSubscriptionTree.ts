/**
 * The sidebar's rows for one view, flattened for the virtual list: categories as folders
 * (each followed by its subscriptions when open), then subscriptions without a category.
 * Pure, so it is tested without React.
 */
import type { Feed, Inbox, List, Subscription } from '../../store/index.ts'
import { subscriptionTitle } from './subscriptionTitle.ts'

export type SidebarItem =
  | { kind: 'folder'; key: string; name: string; subscriptionIds: string[]; unread: number; open: boolean }
  | { kind: 'subscription'; key: string; subscription: Subscription; title: string; unread: number; nested: boolean }

export interface TreeInput {
  subscriptions: Subscription[]
  unread: Record<string, number>
  feeds: Record<string, Feed>
  lists: Record<string, List>
  inboxes: Record<string, Inbox>
  openFolders: Record<string, boolean>
  view: number
  hideAllRead: boolean
  collator?: Intl.Collator
}

const sourceOf = (s: Subscription) => s.feedId ?? s.listId ?? s.inboxId ?? ''

/** Made once: a collator costs milliseconds to create, and the tree is rebuilt on every store change. */
let defaultCollator: Intl.Collator | null = null

export function buildSubscriptionTree(input: TreeInput): SidebarItem[] {
  if (input.subscriptions.length === 0) return []
  const collator = input.collator ?? (defaultCollator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }))
  const rows = input.subscriptions.map((subscription) => ({
    subscription,
    title: subscriptionTitle(subscription, input.feeds[subscription.feedId ?? ''], input.lists[subscription.listId ?? ''], input.inboxes[subscription.inboxId ?? '']),
    unread: input.unread[sourceOf(subscription)] ?? 0,
  }))
  rows.sort((a, b) => collator.compare(a.title, b.title))

  const folders = new Map<string, typeof rows>()
  const loose: typeof rows = []
  for (const row of rows) {
    const category = row.subscription.category
    if (category) {
      const list = folders.get(category) ?? []
      list.push(row)
      folders.set(category, list)
    } else loose.push(row)
  }

  const visible = (r: (typeof rows)[number]) => !input.hideAllRead || r.unread > 0
  const out: SidebarItem[] = []
  for (const name of [...folders.keys()].sort(collator.compare)) {
    const members = folders.get(name)!
    const unread = members.reduce((n, r) => n + r.unread, 0)
    if (input.hideAllRead && unread === 0) continue
    const open = input.openFolders[`${input.view}:${name}`] === true
    out.push({ kind: 'folder', key: `folder:${name}`, name, subscriptionIds: members.map((r) => r.subscription.id), unread, open })
    if (open) for (const r of members.filter(visible)) out.push({ kind: 'subscription', key: r.subscription.id, subscription: r.subscription, title: r.title, unread: r.unread, nested: true })
  }
  for (const r of loose.filter(visible)) out.push({ kind: 'subscription', key: r.subscription.id, subscription: r.subscription, title: r.title, unread: r.unread, nested: false })
  return out
}
