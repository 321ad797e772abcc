/** Public profile rules: one by id or handle (never both), or many by id. */
import { ProfilePatchSchema } from '@brook/shared'
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

    /**
     * Checks a profile change before better-auth's update-user stores it (app.ts): the fields of
     * SPEC §3 by the shared rules (4 with the issues), a handle nobody else has (1002). Answers
     * the body to store: normalized (handle lower-case, social links as JSON text), other keys dropped.
     */
    async checkUpdate(userId: string, body: unknown): Promise<Record<string, unknown>> {
      const parsed = ProfilePatchSchema.safeParse(body)
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ code: i.code, path: i.path, message: i.message }))
        throw new AppError(4, { reason: issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), data: issues })
      }
      const patch = parsed.data
      if (patch.handle && (await repo.handleTaken(patch.handle, userId))) throw new AppError(1002, { reason: 'This handle is taken' })
      const out: Record<string, unknown> = { ...patch }
      if (patch.socialLinks !== undefined) out.socialLinks = patch.socialLinks === null || Object.keys(patch.socialLinks).length === 0 ? null : JSON.stringify(patch.socialLinks)
      for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key]
      return out
    },

    /** Sets the user's picture to an uploaded avatar. */
    setImage: (userId: string, url: string) => repo.setImage(userId, url),

    /** Profiles of these ids (unknown ids are left out). */
    byIds: (ids: string[]) => repo.byIds([...new Set(ids)]),
  }
}

export type ProfilesService = ReturnType<typeof createProfilesService>
