/**
 * Google Reader identifiers: item ids (the long form `tag:google.com,2005:reader/item/<16 hex>`,
 * and the short decimal form; Brook's entry ids are 64-bit numbers, so both map one to one) and
 * stream ids (`feed/…`, `user/-/label/…`, `user/-/state/com.google/…`).
 */
import { isValidId } from '@brook/shared'

export const ITEM_PREFIX = 'tag:google.com,2005:reader/item/'

export const longItemId = (entryId: string) => ITEM_PREFIX + BigInt(entryId).toString(16).padStart(16, '0')

/** An entry id from any item id form, or null when it is none. */
export function entryIdOf(itemId: string): string | null {
  const raw = itemId.trim()
  let id: string | null = null
  try {
    if (raw.startsWith(ITEM_PREFIX)) {
      const hex = raw.slice(ITEM_PREFIX.length)
      if (/^[0-9a-f]{1,16}$/i.test(hex)) id = BigInt(`0x${hex}`).toString()
    } else if (/^-?\d{1,20}$/.test(raw)) {
      // Decimal; clients that read it as a signed 64-bit number may send it negative.
      let n = BigInt(raw)
      if (n < 0n) n += 1n << 64n
      id = n.toString()
    } else if (/^[0-9a-f]{16}$/i.test(raw)) {
      id = BigInt(`0x${raw}`).toString()
    }
  } catch {
    return null
  }
  return id && isValidId(id) ? id : null
}

export const STATE = {
  readingList: 'reading-list',
  read: 'read',
  starred: 'starred',
  keptUnread: 'kept-unread',
  fresh: 'fresh',
} as const

/** What a stream id names for one user. */
export type Stream =
  | { kind: 'reading-list' }
  | { kind: 'feed'; feedId?: string; url?: string }
  | { kind: 'label'; label: string }
  | { kind: 'state'; state: string }
  /** Another user's stream, or nothing Brook knows: always empty. */
  | { kind: 'none' }

/**
 * Parses a stream id. `user/-/…` and `user/<own id>/…` are the user's; any other user id names
 * someone else's stream and so is empty (never their data).
 */
export function parseStream(id: string, userId: string): Stream {
  const s = id.trim()
  if (s.startsWith('feed/')) {
    const rest = s.slice(5)
    return isValidId(rest) ? { kind: 'feed', feedId: rest } : /^https?:\/\//i.test(rest) ? { kind: 'feed', url: rest } : { kind: 'none' }
  }
  const m = /^user\/([^/]+)\/(label|state\/com\.google)\/(.+)$/.exec(s)
  if (!m) return { kind: 'none' }
  if (m[1] !== '-' && m[1] !== userId) return { kind: 'none' }
  if (m[2] === 'label') return { kind: 'label', label: m[3] }
  if (m[3] === STATE.readingList) return { kind: 'reading-list' }
  return { kind: 'state', state: m[3] }
}

export const feedStreamId = (feedId: string) => `feed/${feedId}`
export const labelStreamId = (label: string) => `user/-/label/${label}`
export const stateStreamId = (state: string) => `user/-/state/com.google/${state}`
