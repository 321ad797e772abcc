/**
 * Category rules: a category is the `category` of a user's subscriptions. Renaming moves every
 * subscription of it; moving puts given subscriptions into one; clearing keeps the subscriptions
 * (or unsubscribes them when asked).
 */
import { AppError } from '../../lib/appError.ts'
import type { SubscriptionsRepo } from '../subscriptions/repo.ts'
import type { SubscriptionsService } from '../subscriptions/service.ts'

export type CategoryPatch = { category: string; from?: string; feedIdList?: string[] }
export type CategoryRemoval = { category?: string; feedIdList?: string[]; deleteSubscriptions: boolean }

export function createCategoriesService(deps: { repo: SubscriptionsRepo; subscriptions: Pick<SubscriptionsService, 'editMany'> }) {
  const { repo, subscriptions } = deps
  return {
    /** The user's category names, optionally of one view. */
    names: (userId: string, view?: number) => repo.categories(userId, view),

    /** Renames a category (from → category) or moves subscriptions into one; returns how many changed. */
    async patch(userId: string, { category, from, feedIdList }: CategoryPatch): Promise<number> {
      if ((from === undefined) === (feedIdList === undefined)) throw new AppError(4, { reason: 'Give either from (rename) or feedIdList (move)' })
      if (from !== undefined) {
        const count = await repo.renameCategory(userId, from, category)
        if (count === 0) throw new AppError(6, { reason: 'No such category' })
        return count
      }
      return subscriptions.editMany(userId, feedIdList as string[], { category })
    },

    /** Clears a category (or given subscriptions' category), or unsubscribes them; returns how many changed or went. */
    async remove(userId: string, { category, feedIdList, deleteSubscriptions }: CategoryRemoval): Promise<number> {
      if ((category === undefined) === (feedIdList === undefined)) throw new AppError(4, { reason: 'Give either category or feedIdList' })
      const rows = category !== undefined ? await repo.inCategory(userId, category) : await repo.findByAnyId(userId, feedIdList as string[])
      if (rows.length === 0) throw new AppError(6, { reason: 'Nothing in that category' })
      if (deleteSubscriptions) {
        await repo.unsubscribe(rows)
        return rows.length
      }
      return subscriptions.editMany(userId, rows.map((r) => (r.feedId ?? r.listId ?? r.inboxId) as string), { category: null })
    },
  }
}

export type CategoriesService = ReturnType<typeof createCategoriesService>
