/** Public profile rules: one by id or handle (never both), or many by id. */
import { AppError } from '../../lib/appError.ts'
import type { ProfileRow, ProfilesRepo } from './repo.ts'

export function createProfilesService(repo: ProfilesRepo) {
  return {
    /** A profile by id or by handle (a leading @ is ignored): 1002 without exactly one, 6000 when none. */
    async find(query: { id?: string; handle?: string }): Promise<ProfileRow> {
      const { id, handle } = query
      if ((id === undefined) === (handle === undefined)) throw new AppError(1002, { reason: 'Give id or handle' })
      const row = id ? await repo.byId(id) : await repo.byHandle((handle as string).replace(/^@/, ''))
      if (!row) throw new AppError(6000)
      return row
    },

    /** Profiles of these ids (unknown ids are left out). */
    byIds: (ids: string[]) => repo.byIds([...new Set(ids)]),
  }
}

export type ProfilesService = ReturnType<typeof createProfilesService>
