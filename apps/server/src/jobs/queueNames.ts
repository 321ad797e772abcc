/** BullMQ queue names shared by producers, workers and the probes. */
export const REFRESH_QUEUE = 'brook-refresh-feed'
/** The 8 AM / 8 PM daily digests (issue 10). */
export const DIGEST_QUEUE = 'brook-ai-digest'
