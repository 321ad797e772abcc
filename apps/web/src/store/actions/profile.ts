/** Profile update (SPEC §4): the session user changes at once; a refusal restores it. */
import { upsertUsers } from '../../db/repositories/sources.ts'
import type { Statement } from '../../db/types.ts'
import { defineMutation, mutate } from '../../sync/mutations.ts'
import { useUserStore } from '../entities/users.ts'
import { useSessionStore, type SessionUser } from '../session.ts'
import type { ProfilePatch, User } from '../types.ts'

function toUser(u: SessionUser): User {
  return { id: u.id, email: u.email, handle: u.handle ?? null, name: u.name, image: u.image ?? null, isMe: true, emailVerified: u.emailVerified ?? null, bio: null, website: null, socialLinks: null }
}

function setMe(user: SessionUser): Statement[] {
  const session = useSessionStore.getState()
  session.setSession(user, session.role, session.roleEndAt)
  const stored = { ...useUserStore.getState().byId[user.id], ...toUser(user) }
  useUserStore.getState().upsert([stored])
  return upsertUsers([stored])
}

const updateProfileMutation = defineMutation<ProfilePatch, { previous: SessionUser | null }>({
  kind: 'profile.update',
  // better-auth's update-user, under the API base.
  request: (patch) => ({ method: 'POST', path: '/auth/update-user', body: { ...patch } }),
  snapshot: () => ({ previous: useSessionStore.getState().whoami }),
  apply: (patch, s) => (s.previous ? setMe({ ...s.previous, ...patch, name: patch.name ?? s.previous.name } as SessionUser) : []),
  revert: (_p, s) => (s.previous ? setMe(s.previous) : []),
})

/** Updates the signed-in user's profile fields. Does nothing when nobody is signed in (SPEC §5). */
export async function updateProfile(patch: ProfilePatch): Promise<void> {
  if (!useSessionStore.getState().whoami) return
  await mutate(updateProfileMutation, patch)
}
