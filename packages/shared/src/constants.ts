/** Business constants of SPEC §9 shared by server and web. */
export const APP_VERSION = '0.7.0'
export const LOCAL_DB_NAME = 'WA_SQLITE'
export const DB_EXPORT_CHUNK_SIZE = 65536
export const READABILITY_CACHE_MS = 3 * 24 * 60 * 60 * 1000
export const SUMMARY_MIN_TEXT = 100
export const CLIENT_ID_LENGTH = 21
export const STORAGE_PREFIX = 'brook:'
