/** Lists by id (SPEC §3 lists). */
import type { List } from '../types.ts'
import { createEntityStore } from './createEntityStore.ts'

export const useListStore = createEntityStore<List>()
