/**
 * API tokens (issue 16): named, revocable per-user secrets shown once and stored as hashes. One
 * token signs a client in as `Authorization: Bearer` on the REST API, as the password of the
 * Google Reader API (ClientLogin) and, through md5(email:token), as the Fever api_key. A user's
 * account password is never accepted by those APIs.
 *
 * Speed: a token is 256 random bits, so a fast hash (sha256) is as safe as a slow password hash
 * and is looked up by index; verified owners are kept a few seconds in memory, and a revoke here
 * drops them at once (docs/api-access.md).
 */
import crypto from 'node:crypto'
import { newId } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import type { SessionUser } from '../../lib/context.ts'
import { nowIso, toIso } from '../../lib/time.ts'
import type { ApiTokensRepo, ApiTokenRow, TokenOwnerRow } from './repo.ts'

export const TOKEN_PREFIX = 'brk_'
/** How long a verified token is trusted without asking the database again. */
export const TOKEN_CACHE_TTL_MS = 10_000
/** Last-use times are written at most this often per token. */
const TOUCH_INTERVAL_MS = 60_000
export const MAX_TOKENS_PER_USER = 50
const CACHE_MAX = 10_000

/** Who a token belongs to. */
export type TokenOwner = { tokenId: string; user: SessionUser }

export type ApiTokenJson = { id: string; name: string; createdAt: string; lastUsedAt: string | null; lastUsedClient: string | null }

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')
export const feverKeyOf = (email: string, token: string) => crypto.createHash('md5').update(`${email}:${token}`).digest('hex')

const present = (row: ApiTokenRow): ApiTokenJson => ({ id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, lastUsedClient: row.lastUsedClient })

function ownerOf(row: TokenOwnerRow, defaultRole: string): TokenOwner {
  return {
    tokenId: row.tokenId,
    user: {
      id: row.userId,
      name: row.name,
      email: row.email,
      emailVerified: Boolean(row.emailVerified),
      image: row.image ?? null,
      role: row.role ?? defaultRole,
      roleEndAt: toIso(row.roleEndAt ?? null),
      handle: row.handle ?? null,
    },
  }
}

export function createApiTokensService(deps: { repo: ApiTokensRepo; defaultRole: string }) {
  const { repo } = deps
  const cache = new Map<string, { at: number; owner: TokenOwner | null }>()
  const touched = new Map<string, number>()

  async function lookup(key: string, find: () => Promise<TokenOwnerRow | undefined>): Promise<TokenOwner | null> {
    const hit = cache.get(key)
    const now = Date.now()
    if (hit && now - hit.at < TOKEN_CACHE_TTL_MS) return hit.owner
    const row = await find()
    const owner = row ? ownerOf(row, deps.defaultRole) : null
    if (cache.size >= CACHE_MAX) cache.clear()
    cache.set(key, { at: now, owner })
    return owner
  }

  return {
    /** POST /tokens: the only time the token itself is shown. */
    async create(user: Pick<SessionUser, 'id' | 'email'>, name: string): Promise<{ id: string; name: string; token: string }> {
      const trimmed = name.trim()
      if (!trimmed) throw new AppError(4, { reason: 'name must not be empty' })
      if ((await repo.count(user.id)) >= MAX_TOKENS_PER_USER) throw new AppError(4, { reason: `At most ${MAX_TOKENS_PER_USER} tokens per user` })
      const token = TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url')
      const id = newId()
      await repo.insert({ id, userId: user.id, name: trimmed, tokenHash: hashToken(token), feverKey: feverKeyOf(user.email.toLowerCase(), token), createdAt: nowIso() })
      return { id, name: trimmed, token }
    },

    async list(userId: string): Promise<ApiTokenJson[]> {
      return (await repo.list(userId)).map(present)
    },

    /** DELETE /tokens: 6 when the user has no such token; the token stops working at once here. */
    async revoke(userId: string, id: string): Promise<void> {
      const hash = await repo.remove(userId, id)
      if (!hash) throw new AppError(6, { reason: 'No such token' })
      cache.clear()
      touched.delete(id)
    },

    /** The owner of a token, or null (unknown, revoked, malformed). */
    async verify(token: string): Promise<TokenOwner | null> {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null
      const hash = hashToken(token)
      return lookup(`t:${hash}`, () => repo.ownerByHash(hash))
    },

    /** The owner of a Fever api_key (md5 of email:token, hex), or null. */
    async verifyFeverKey(apiKey: string): Promise<TokenOwner | null> {
      const key = apiKey.trim().toLowerCase()
      if (!/^[0-9a-f]{32}$/.test(key)) return null
      return lookup(`f:${key}`, () => repo.ownerByFeverKey(key))
    },

    /** Records the last use (and client) of a token, at most once a minute per token. */
    touch(owner: TokenOwner, client: string | null): void {
      const now = Date.now()
      const last = touched.get(owner.tokenId) ?? 0
      if (now - last < TOUCH_INTERVAL_MS) return
      if (touched.size >= CACHE_MAX) touched.clear()
      touched.set(owner.tokenId, now)
      void repo.touch(owner.tokenId, new Date(now).toISOString(), client ? client.slice(0, 200) : null).catch(() => touched.delete(owner.tokenId))
    },
  }
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>
