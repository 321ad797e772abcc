/** Timeline paging constants, shared by hydration (the first local page) and the timeline loader. */

/** Entries per page, from the server and from the local database. */
export const TIMELINE_PAGE_SIZE = 50
/** SPEC §9: entry lists are fresh for 10 minutes. */
export const ENTRIES_STALE_MS = 10 * 60 * 1000
