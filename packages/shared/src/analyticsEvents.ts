/**
 * First-party analytics (SPEC §3 "Analytics event codes", §9 retry; docs/analytics.md): the
 * event codes the web app may send, and the client's batching and retry constants.
 */
export const ANALYTICS_EVENTS = {
  identify: 1000,
  userLogin: 1001,
  uiRenderInit: 1002,
  appInit: 1003,
  navigateEntry: 2000,
  boostSent: 2001,
  integration: 2002,
  dailyReportModal: 2003,
  switchToMasonry: 2004,
  wideMode: 2005,
  imageGalleryClick: 2006,
  searchOpen: 2007,
  quickAddFeed: 2008,
  playerOpenDuration: 2009,
  updateRestart: 2010,
  tipModalOpened: 2011,
  feedClaimed: 2012,
  dailyRewardClaimed: 2013,
  tipSent: 2014,
  subscribeModalOpened: 2015,
  register: 3000,
  onboarding: 3001,
  subscribe: 3002,
  aiChatMessageSent: 4000,
} as const

export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS
export type AnalyticsEventCode = (typeof ANALYTICS_EVENTS)[AnalyticsEventName]

const CODES = new Set<number>(Object.values(ANALYTICS_EVENTS))

/** Whether an event name on the wire ("2007") is one of SPEC §3's codes. */
export function isAnalyticsEventCode(name: string): boolean {
  return /^\d{4}$/.test(name) && CODES.has(Number(name))
}

/** SPEC §3: every event carries engagement_time_msec fixed at 1000. */
export const ANALYTICS_ENGAGEMENT_MSEC = 1000
/** SPEC §9: at most 2 retries, exponential back-off from 1000 ms. */
export const ANALYTICS_MAX_RETRIES = 2
export const ANALYTICS_BACKOFF_MS = 1000
/** Events wait this long to be sent together (one request per batch). */
export const ANALYTICS_BATCH_MS = 3000
/** At most this many events in one request. */
export const ANALYTICS_MAX_BATCH = 25
