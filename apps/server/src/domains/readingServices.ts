/**
 * The reading API's repos and services, built once per app from AppDeps and shared by the
 * routers of subscriptions, categories, entries, reads, collections, lists, inboxes, settings,
 * profiles and discover.
 */
import type { AppDeps } from '../app.ts'
import { readsRepo } from './reads/repo.ts'
import { unreadRepo } from './unread/repo.ts'
import { subscriptionsRepo } from './subscriptions/repo.ts'
import { createSubscriptionsService } from './subscriptions/service.ts'
import { createOpmlTransfer } from './subscriptions/opmlTransfer.ts'
import { createReadsService } from './reads/service.ts'
import { entriesRepo } from './entries/repo.ts'
import { createEntriesService } from './entries/service.ts'
import { listsRepo } from './lists/repo.ts'
import { createListsService } from './lists/service.ts'
import { inboxesRepo } from './inboxes/repo.ts'
import { createInboxesService } from './inboxes/service.ts'
import { collectionsRepo } from './collections/repo.ts'
import { settingsRepo } from './settings/repo.ts'
import { createSettingsService } from './settings/service.ts'
import { profilesRepo } from './profiles/repo.ts'
import { discoverRepo } from './discover/repo.ts'

function build(deps: AppDeps) {
  const { db, dialect } = deps.database
  const subscriptionsStore = subscriptionsRepo(db)
  const subscriptions = createSubscriptionsService({ repo: subscriptionsStore, env: deps.env, feeds: deps.feeds })
  const reads = readsRepo(db, dialect)
  const entriesStore = entriesRepo(db, dialect)
  const lists = createListsService({ repo: listsRepo(db), subscriptions: subscriptionsStore })
  const inboxes = createInboxesService({ repo: inboxesRepo(db, dialect), subscriptions })
  return {
    subscriptionsRepo: subscriptionsStore,
    subscriptions,
    opml: createOpmlTransfer({ repo: subscriptionsStore, subscriptions, env: deps.env }),
    readsRepo: reads,
    reads: createReadsService({ repo: reads, unread: unreadRepo(db, dialect), lists, inboxes }),
    entriesRepo: entriesStore,
    entries: createEntriesService({ repo: entriesStore, reads, lists, inboxes, feeds: deps.feeds, env: deps.env, logger: deps.logger }),
    lists,
    inboxes,
    collections: collectionsRepo(db),
    settings: createSettingsService(settingsRepo(db)),
    profiles: profilesRepo(db),
    discover: discoverRepo(db),
  }
}

export type ReadingServices = ReturnType<typeof build>

const built = new WeakMap<AppDeps, ReadingServices>()

/** The reading services of an app (one set per AppDeps). */
export function readingServices(deps: AppDeps): ReadingServices {
  let services = built.get(deps)
  if (!services) {
    services = build(deps)
    built.set(deps, services)
  }
  return services
}
