/**
 * The store contract the UI codes against (issue 5, documented in docs/offline-first.md).
 *
 * Reading: hooks over entity stores that are hydrated from the local database at start, before
 * any network call, and kept fresh by the sync layer (`sync/`), which writes every API page into
 * the local database and the stores.
 *
 * Writing: every action is optimistic. It changes the stores and the local database at once,
 * appends an outbox row and returns; the outbox sends rows in order (now, or when the network
 * returns, also after a reload) with an Idempotency-Key, and rolls the change back with an error
 * toast when the server refuses it. Actions return a promise that settles when the change is
 * applied locally, not when the server has it.
 *
 * Layers (docs/offline-first.md "Layers"): store/entities, types.ts, timeline.ts, network.ts,
 * session.ts and ui.ts are the bottom — sync/ writes into them and they import nothing of sync/.
 * This barrel, the hooks (hooks.ts) and the actions (actions/) sit above sync/ and may call it.
 * Starting and stopping sync is the app's (sync/useLocalFirst.ts), not the stores'.
 */
export type * from './types.ts'
export type { TimelineState } from './entities/entries.ts'
export { timelineFromParams, timelineKey, timelineSources } from './timeline.ts'

// --- Actions (optimistic, through the outbox) -----------------------------------------------
export { markAllRead, markRead, markUnread } from './actions/reads.ts'
export { star, unstar } from './actions/collections.ts'
export { batchUpdateSubscriptions, subscribe, unsubscribe, updateSubscription } from './actions/subscriptions.ts'
export { changeCategoryView, deleteCategory, renameCategory } from './actions/categories.ts'
export { addFeedsToList, createList, deleteList, removeFeedFromList, updateList } from './actions/lists.ts'
export { createInbox, deleteInbox, updateInbox } from './actions/inboxes.ts'
export { updateProfile } from './actions/profile.ts'
export { updateSettings } from './actions/settings.ts'

// --- Data control and refreshes ---------------------------------------------------------------
export { exportLocalDatabase, resetLocalDatabase } from '../sync/dataControl.ts'
export { refreshAll, refreshSubscriptions, refreshUnread } from '../sync/pull.ts'

// --- Reading hooks ----------------------------------------------------------------------------
export * from './hooks.ts'
