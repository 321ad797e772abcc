/**
 * The profile fields a user edits (SPEC §3 users: name, handle, image, bio, website, socialLinks)
 * and their rules, read by the server (which refuses anything else) and the web form alike.
 */
import { z } from 'zod'

/** Social networks a profile may link, each a user name on that network (not a URL). */
export const SOCIAL_NETWORKS = ['github', 'x', 'youtube', 'instagram', 'facebook', 'discord', 'telegram', 'mastodon'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]

/** Where a user name on each network is found (mastodon: `@user@host`; discord has no page). */
export function socialLinkUrl(network: SocialNetwork, name: string): string | null {
  const bare = name.replace(/^@/, '')
  switch (network) {
    case 'github':
      return `https://github.com/${encodeURIComponent(bare)}`
    case 'x':
      return `https://x.com/${encodeURIComponent(bare)}`
    case 'youtube':
      return `https://www.youtube.com/@${encodeURIComponent(bare)}`
    case 'instagram':
      return `https://www.instagram.com/${encodeURIComponent(bare)}`
    case 'facebook':
      return `https://www.facebook.com/${encodeURIComponent(bare)}`
    case 'telegram':
      return `https://t.me/${encodeURIComponent(bare)}`
    case 'mastodon': {
      const [user, host] = bare.split('@')
      return user && host ? `https://${host}/@${encodeURIComponent(user)}` : null
    }
    case 'discord':
      return null
  }
}

/** Handles: 2–32 of a–z, 0–9, `_` and `-`, starting and ending with a letter or digit; stored lower-case. */
export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,30}[a-z0-9]$/
export const PROFILE_LIMITS = { name: 100, bio: 500, website: 300, socialName: 100, image: 500 } as const

/** Path under which the server serves uploaded files (an avatar's `image` may point there). */
export const UPLOAD_FILES_PATH = '/api/upload/files/'

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))

const httpUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => {
      try {
        const u = new URL(v)
        return u.protocol === 'https:' || u.protocol === 'http:'
      } catch {
        return false
      }
    }, 'must be an http(s) address')

/** One social link's value: a user name, no spaces, no markup characters. */
const socialName = z.string().trim().max(PROFILE_LIMITS.socialName).regex(/^[^\s<>"'`]*$/, 'a user name without spaces')

/** Social links as an object, or the JSON text of one (better-auth stores the field as text). */
export const SocialLinksSchema = z
  .union([z.string().max(2000), z.record(z.string(), z.unknown())])
  .transform((v, ctx) => {
    if (typeof v !== 'string') return v
    if (v.trim() === '') return {}
    try {
      return JSON.parse(v) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'socialLinks must be a JSON object' })
      return z.NEVER
    }
  })
  .pipe(z.partialRecord(z.enum(SOCIAL_NETWORKS), socialName))
  .transform((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v)) as Partial<Record<SocialNetwork, string>>)

/** The editable profile fields; every one optional (only those sent change). */
export const ProfilePatchSchema = z.object({
  name: z.string().trim().min(1).max(PROFILE_LIMITS.name).optional(),
  handle: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => v.replace(/^@/, ''))
    .pipe(z.union([z.literal(''), z.string().regex(HANDLE_PATTERN, '2–32 letters, digits, _ or -')]))
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  bio: optionalText(PROFILE_LIMITS.bio),
  website: z
    .union([z.literal(''), httpUrl(PROFILE_LIMITS.website)])
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  socialLinks: SocialLinksSchema.nullable().optional(),
  /** An uploaded avatar (under UPLOAD_FILES_PATH) or an https address. */
  image: z
    .union([z.literal(''), z.string().trim().max(PROFILE_LIMITS.image).refine((v) => v.startsWith(UPLOAD_FILES_PATH) || /^https:\/\/[^\s"'<>]+$/.test(v), 'an uploaded file or an https address')])
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
})

export type ProfilePatchInput = z.input<typeof ProfilePatchSchema>
export type ProfilePatch = z.output<typeof ProfilePatchSchema>
