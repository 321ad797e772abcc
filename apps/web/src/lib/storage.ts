/**
 * Client storage of SPEC §3 "Client storage": every key carries the product prefix so a
 * local reset can find and remove exactly ours.
 */
import { CLIENT_ID_LENGTH, LOCAL_DB_NAME, STORAGE_PREFIX } from '@brook/shared'

/** Keys used by the web app, without the prefix. */
export const StorageKeys = {
  clientId: 'client-id',
  sessionId: 'session-id',
  userId: 'user-id',
  appVersion: 'app-version',
  migrations: 'migrations',
  reloadOnce: 'reload-once',
  referralCode: 'referral-code',
  /** The code entered on /invitation, sent with the sign-up (X-Invitation-Code). */
  invitationCode: 'invitation-code',
  language: 'language',
} as const

/** The full storage key for a short key. */
export function storageKey(key: string): string {
  return `${STORAGE_PREFIX}${key}`
}

const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict'

/** A random URL-safe id of `size` characters (nanoid's alphabet). */
export function randomId(size = CLIENT_ID_LENGTH): string {
  const bytes = crypto.getRandomValues(new Uint8Array(size))
  let id = ''
  for (const byte of bytes) id += ALPHABET[byte & 63]
  return id
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key)
  } catch {
    return null
  }
}

function safeSet(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value)
  } catch {
    // Storage may be full or disabled (private mode); the id then lives for this page only.
  }
}

function persistentId(storage: Storage, key: string): string {
  const full = storageKey(key)
  const existing = safeGet(storage, full)
  if (existing && existing.length === CLIENT_ID_LENGTH) return existing
  const id = randomId()
  safeSet(storage, full, id)
  return id
}

/** The persistent client id (localStorage, 21 characters). */
export function getClientId(): string {
  return persistentId(localStorage, StorageKeys.clientId)
}

/** The per-tab session id (sessionStorage, 21 characters). */
export function getSessionId(): string {
  return persistentId(sessionStorage, StorageKeys.sessionId)
}

/** Reads a prefixed localStorage value. */
export function readLocal(key: string): string | null {
  return safeGet(localStorage, storageKey(key))
}

/** Writes a prefixed localStorage value. */
export function writeLocal(key: string, value: string): void {
  safeSet(localStorage, storageKey(key), value)
}

/** Reads a prefixed sessionStorage value. */
export function readSession(key: string): string | null {
  return safeGet(sessionStorage, storageKey(key))
}

/** Writes a prefixed sessionStorage value. */
export function writeSession(key: string, value: string): void {
  safeSet(sessionStorage, storageKey(key), value)
}

/** Removes one of Brook's local keys. */
export function removeLocal(key: string): void {
  try {
    localStorage.removeItem(storageKey(key))
  } catch {
    // storage unavailable: nothing to remove
  }
}

function clearPrefixed(storage: Storage): void {
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith(STORAGE_PREFIX)) keys.push(key)
  }
  for (const key of keys) storage.removeItem(key)
}

/** True for an IndexedDB database that belongs to Brook (prefixed, or the local SQL store). */
export function isBrookDatabase(name: string | undefined): boolean {
  return !!name && (name.startsWith(STORAGE_PREFIX) || name === LOCAL_DB_NAME)
}

/**
 * Removes every local trace of Brook in this browser: prefixed localStorage and
 * sessionStorage keys and Brook's IndexedDB databases ("Reset Local Database").
 */
export async function resetLocalData(): Promise<void> {
  try {
    clearPrefixed(localStorage)
    clearPrefixed(sessionStorage)
  } catch {
    // Storage disabled: nothing to clear.
  }
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return
  try {
    const databases = await indexedDB.databases()
    await Promise.all(
      databases
        .filter((db) => isBrookDatabase(db.name))
        .map(
          (db) =>
            new Promise<void>((resolve) => {
              const request = indexedDB.deleteDatabase(db.name!)
              request.onsuccess = request.onerror = request.onblocked = () => resolve()
            }),
        ),
    )
  } catch {
    // A browser without databases(): the local database module owns its own cleanup.
  }
}
