/**
 * Read-state rules (SPEC §4 "Read status"): mark read/unread by entry, mark everything of a
 * timeline read (optionally within a publish-time window or before an insert time), counts.
 */
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import type { InboxesService } from '../inboxes/service.ts'
import type { ListsService } from '../lists/service.ts'
import type { UnreadRepo } from '../unread/repo.ts'
import type { ReadScope, ReadsRepo } from './repo.ts'

export type MarkAllInput = {
  view?: number
  feedId?: string
  feedIdList?: string[]
  listId?: string
  inboxId?: string
  excludePrivate?: boolean
  startTime?: string
  endTime?: string
  insertedBefore?: string
}

export function createReadsService(deps: { repo: ReadsRepo; unread: Pick<UnreadRepo, 'counts' | 'totalCount'>; lists: Pick<ListsService, 'mustGet'>; inboxes: Pick<InboxesService, 'mustOwn'> }) {
  const { repo } = deps
  return {
    /** POST /reads: 3000 when none of the ids is an entry the user may see. */
    async markRead(userId: string, entryIds: string[]): Promise<number> {
      const { changed, visible } = await repo.markRead(userId, entryIds, nowIso())
      if (visible === 0) throw new AppError(3000)
      return changed.length
    },

    /** DELETE /reads. */
    async markUnread(userId: string, entryIds: string[]): Promise<number> {
      const { changed, visible } = await repo.markUnread(userId, entryIds)
      if (visible === 0) throw new AppError(3000)
      return changed.length
    },

    /** POST /reads/all: returns how many entries it marked. */
    async markAll(userId: string, input: MarkAllInput): Promise<number> {
      const chosen = [input.feedId, input.feedIdList, input.listId, input.inboxId].filter((v) => v !== undefined)
      if (chosen.length > 1) throw new AppError(4, { reason: 'Give at most one of feedId, feedIdList, listId, inboxId' })
      const scope: ReadScope = { publishedFrom: input.startTime, publishedTo: input.endTime, insertedBefore: input.insertedBefore }
      if (input.feedId) scope.feedIds = [input.feedId]
      else if (input.feedIdList) scope.feedIds = [...new Set(input.feedIdList)]
      else if (input.listId) {
        await deps.lists.mustGet(input.listId)
        scope.listId = input.listId
      } else if (input.inboxId) {
        await deps.inboxes.mustOwn(userId, input.inboxId)
        scope.inboxId = input.inboxId
      } else scope.subscribed = { view: input.view, excludePrivate: input.excludePrivate ?? false }
      return repo.markScopeRead(userId, scope, nowIso())
    },

    counts: (userId: string, view?: number) => deps.unread.counts(userId, view),
    total: (userId: string) => deps.unread.totalCount(userId),
  }
}

export type ReadsService = ReturnType<typeof createReadsService>
