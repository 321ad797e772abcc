/** Feeds by id (SPEC §3 feeds). */
import type { Feed } from '../types.ts'
import { createEntityStore } from './createEntityStore.ts'

export const useFeedStore = createEntityStore<Feed>()
