/**
 * What a start asks the server for before React renders (docs/web-reading.md "First visit"): the
 * session, and on a first visit the first page of the timeline the starting route shows, both in
 * parallel with the local database opening (db/prewarm.ts) instead of after it and each other.
 */
import { DEFAULT_GENERAL_SETTINGS } from '@brook/shared/settingsDefaults'
import { prefetchSession } from '../modules/auth/session.ts'
import { isFirstVisit, startingView } from '../sync/hydrate.ts'
import { prefetchTimeline } from '../sync/timelines.ts'
import type { Timeline } from '../store/types.ts'

if (typeof window !== 'undefined') {
  // Decided now, before the session answer remembers the user.
  isFirstVisit()
  prefetchSession()
  const view = startingView(location.pathname)
  // The settings are not read yet: the default unread-only choice, as the timeline will start with.
  if (view !== null) prefetchTimeline({ view: view as Timeline['view'], unreadOnly: DEFAULT_GENERAL_SETTINGS.unreadOnly })
}
