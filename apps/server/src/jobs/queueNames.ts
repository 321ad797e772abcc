/** BullMQ queue names shared by producers, workers and the probes. */
export const REFRESH_QUEUE = 'brook-refresh-feed'
