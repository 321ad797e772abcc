/** Star rules (SPEC §3 collections): only an entry the user may see is starred, in the view it is followed in unless given. */
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import type { EntriesService } from '../entries/service.ts'
import type { CollectionRow, CollectionsRepo } from './repo.ts'

export type CollectionJson = { entryId: string; feedId: string | null; view: number; createdAt: string }

const present = (row: Pick<CollectionRow, 'entryId' | 'feedId' | 'view' | 'createdAt'>): CollectionJson => ({ entryId: row.entryId, feedId: row.feedId, view: Number(row.view), createdAt: row.createdAt })

export function createCollectionsService(deps: { repo: CollectionsRepo; entries: Pick<EntriesService, 'visibleEntry' | 'subscribedView'> }) {
  const { repo, entries } = deps
  return {
    /** The user's stars, newest first (or whether one entry is starred). */
    async list(userId: string, entryId?: string): Promise<CollectionJson[]> {
      return (await repo.list(userId, entryId)).map(present)
    },

    /** Stars an entry the user may see (3000 otherwise). */
    async add(userId: string, entryId: string, view?: number): Promise<CollectionJson> {
      const entry = await entries.visibleEntry(userId, entryId)
      const subscribedView = entry.feedId ? await entries.subscribedView(userId, entry.feedId) : undefined
      const row = { userId, entryId, feedId: entry.feedId, view: view ?? subscribedView ?? 0, createdAt: nowIso() }
      await repo.add(row)
      const [stored] = await repo.list(userId, entryId)
      return present(stored ?? row)
    },

    /** Unstars (3000 when not starred). */
    async remove(userId: string, entryId: string): Promise<void> {
      if (!(await repo.remove(userId, entryId))) throw new AppError(3000, { reason: 'Not starred' })
    },
  }
}

export type CollectionsService = ReturnType<typeof createCollectionsService>
