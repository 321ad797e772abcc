/** Inboxes by handle (SPEC §3 inboxes). */
import type { Inbox } from '../types.ts'
import { createEntityStore } from './createEntityStore.ts'

export const useInboxStore = createEntityStore<Inbox>()
