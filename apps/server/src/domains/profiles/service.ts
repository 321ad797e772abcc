/**
 * Public profile rules: one by id or handle (never both), or many by id, each shown only to the
 * audience its owner chose in Settings → Privacy (`profileVisibility`, `subscriptionsVisibility`
 * of the general tab): everyone, people signed in to this instance, or only the owner.
 */
import { DEFAULT_GENERAL_SETTINGS, PROFILE_AUDIENCES, ProfilePatchSchema, type ProfileAudience } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import type { ProfileRow, ProfilesRepo } from './repo.ts'

/** Who asks: a signed-in user's id, or null for a signed-out visitor. */
export type Viewer = { id: string } | null

/** A user's two privacy choices. */
export type ProfilePrivacy = { profile: ProfileAudience; subscriptions: ProfileAudience }

function audienceOf(value: unknown, fallback: ProfileAudience): ProfileAudience {
  return typeof value === 'string' && (PROFILE_AUDIENCES as readonly string[]).includes(value) ? (value as ProfileAudience) : fallback
}

/** The privacy choices in a stored general-settings payload (defaults for anything missing or unreadable). */
export function privacyOf(payload: string | undefined): ProfilePrivacy {
  let stored: Record<string, unknown> = {}
  try {
    const parsed: unknown = payload ? JSON.parse(payload) : {}
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>
  } catch {
    stored = {}
  }
  return {
    profile: audienceOf(stored.profileVisibility, DEFAULT_GENERAL_SETTINGS.profileVisibility),
    subscriptions: audienceOf(stored.subscriptionsVisibility, DEFAULT_GENERAL_SETTINGS.subscriptionsVisibility),
  }
}

/** Whether `viewer` is in `audience` of the profile of `ownerId`. */
export function admits(audience: ProfileAudience, viewer: Viewer, ownerId: string): boolean {
  if (viewer?.id === ownerId) return true
  if (audience === 'everyone') return true
  if (audience === 'users') return viewer !== null
  return false
}

export function createProfilesService(repo: ProfilesRepo) {
  async function privacy(userId: string): Promise<ProfilePrivacy> {
    return privacyOf((await repo.generalSettingsOf([userId])).get(userId))
  }

  /**
   * The profile the viewer asked for, if its owner lets them see it. Nothing tells a visitor
   * whether a hidden profile exists: signed out, anything not shown to everyone is 1000 (sign in
   * first); signed in, a profile hidden from the viewer is 6000 like an unknown one.
   */
  async function visible(query: { id?: string; handle?: string }, viewer: Viewer): Promise<{ row: ProfileRow; privacy: ProfilePrivacy }> {
    const { id, handle } = query
    if ((id === undefined) === (handle === undefined)) throw new AppError(1002, { reason: 'Give id or handle' })
    const row = id ? await repo.byId(id) : await repo.byHandle((handle as string).replace(/^@/, '').toLowerCase())
    const settings = row ? await privacy(row.id) : null
    if (row && settings && admits(settings.profile, viewer, row.id)) return { row, privacy: settings }
    if (!viewer) throw new AppError(1000, { reason: 'Sign in to see this profile' })
    throw new AppError(6000)
  }

  return {
    /** A profile by id or by handle (a leading @ is ignored): 1002 without exactly one; 1000 / 6000 when not shown to the viewer (see `visible`). */
    async find(query: { id?: string; handle?: string }, viewer: Viewer): Promise<ProfileRow> {
      return (await visible(query, viewer)).row
    },

    /**
     * What the profile page lists: the subscriptions the user did not make private and the lists
     * they own — `visible: false` (and nothing listed) when the owner keeps them from the viewer.
     */
    async publicSubscriptions(query: { id?: string; handle?: string }, viewer: Viewer) {
      const { row, privacy: settings } = await visible(query, viewer)
      if (!admits(settings.subscriptions, viewer, row.id)) return { userId: row.id, visible: false, subscriptions: [], lists: [], listFeedIds: new Map<string, string[]>() }
      const subscriptions = await repo.publicSubscriptions(row.id)
      const lists = await repo.ownedLists(row.id)
      const listIds = [...lists.map((l) => l.id), ...subscriptions.flatMap((s) => (s.list ? [s.list.id] : []))]
      return { userId: row.id, visible: true, subscriptions, lists, listFeedIds: await repo.listFeedIds(listIds) }
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

    /**
     * Profiles of these ids (unknown ids are left out). Name, handle and picture go with what a
     * user does in public (read histories, rankings, list owners); bio, website and links only to
     * viewers the owner's profileVisibility admits.
     */
    async byIds(ids: string[], viewer: Viewer): Promise<ProfileRow[]> {
      const rows = await repo.byIds([...new Set(ids)])
      const settings = await repo.generalSettingsOf(rows.map((r) => r.id))
      return rows.map((r) => (admits(privacyOf(settings.get(r.id)).profile, viewer, r.id) ? r : { ...r, bio: null, website: null, socialLinks: null }))
    },
  }
}

export type ProfilesService = ReturnType<typeof createProfilesService>
