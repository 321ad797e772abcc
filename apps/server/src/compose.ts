/**
 * The composition root: every repo and service of Brook is built here, once per process, and
 * nowhere else. A domain's routes receive only the services they use (app.ts mounts them).
 *
 * Adding a domain (docs/architecture.md): write domains/<noun>/repo.ts → service.ts → routes.ts,
 * build its repo and service below (after the services it needs), add it to the returned object,
 * and mount its router in app.ts.
 */
import type { Env } from './env.ts'
import type { OpenDatabase } from './db/openDatabase.ts'
import type { Logger } from './lib/logger.ts'
import { feedsRepo } from './domains/feeds/repo.ts'
import { createFeedService } from './domains/feeds/service.ts'
import { subscriptionsRepo } from './domains/subscriptions/repo.ts'
import { createSubscriptionsService } from './domains/subscriptions/service.ts'
import { createOpmlTransfer } from './domains/subscriptions/opmlTransfer.ts'
import { createCategoriesService } from './domains/categories/service.ts'
import { unreadRepo } from './domains/unread/repo.ts'
import { readsRepo } from './domains/reads/repo.ts'
import { createReadsService } from './domains/reads/service.ts'
import { entriesRepo } from './domains/entries/repo.ts'
import { createEntriesService } from './domains/entries/service.ts'
import { listsRepo } from './domains/lists/repo.ts'
import { createListsService } from './domains/lists/service.ts'
import { inboxesRepo } from './domains/inboxes/repo.ts'
import { createInboxesService } from './domains/inboxes/service.ts'
import { collectionsRepo } from './domains/collections/repo.ts'
import { createCollectionsService } from './domains/collections/service.ts'
import { settingsRepo } from './domains/settings/repo.ts'
import { createSettingsService } from './domains/settings/service.ts'
import { profilesRepo } from './domains/profiles/repo.ts'
import { createUploadsService } from './domains/uploads/service.ts'
import { uploadStoreOf } from './domains/uploads/uploadStoreOf.ts'
import { createProfilesService } from './domains/profiles/service.ts'
import { discoverRepo } from './domains/discover/repo.ts'
import { createDiscoverService } from './domains/discover/service.ts'
import type { InstanceRepo } from './domains/instance/repo.ts'
import { plansRepo } from './domains/plans/repo.ts'
import { createPlansService } from './domains/plans/service.ts'
import { invitationsRepo } from './domains/invitations/repo.ts'
import { createInvitationsService } from './domains/invitations/service.ts'
import { referralsRepo } from './domains/referrals/repo.ts'
import { createReferralsService } from './domains/referrals/service.ts'
import { httpReceiptVerifier, noReceiptVerifier } from './domains/referrals/receiptVerifier.ts'
import { adminRepo } from './domains/admin/repo.ts'
import { cleanRepo } from './domains/admin/cleanRepo.ts'
import { createAdminService } from './domains/admin/service.ts'
import { achievementsRepo } from './domains/achievements/repo.ts'
import { featureFlagsRepo } from './domains/featureFlags/repo.ts'
import { createFeatureFlagsService } from './domains/featureFlags/service.ts'
import { createAchievementsService } from './domains/achievements/service.ts'
import { apiTokensRepo } from './domains/apiTokens/repo.ts'
import { createApiTokensService } from './domains/apiTokens/service.ts'
import { greaderRepo } from './domains/greader/repo.ts'
import { createGreaderService } from './domains/greader/service.ts'
import { feverRepo } from './domains/fever/repo.ts'
import { websubRepo } from './domains/websub/repo.ts'
import { createWebsubService, type WebsubService } from './domains/websub/service.ts'
import { createFeverService } from './domains/fever/service.ts'
import { feedIconsRepo } from './domains/feedIcons/repo.ts'
import { createFeedIconsService } from './domains/feedIcons/service.ts'
import { searchRepo } from './domains/search/repo.ts'
import { createSearchService } from './domains/search/service.ts'
import { startSearchThreads } from './domains/search/searchThreads.ts'
import { trendingRepo } from './domains/trending/repo.ts'
import { createTrendingService } from './domains/trending/service.ts'
import { aiRepo } from './domains/ai/repo.ts'
import { createAiService } from './domains/ai/service.ts'
import { walletsRepo } from './domains/wallets/repo.ts'
import { createWalletsService } from './domains/wallets/service.ts'
import { createWithdrawalsService } from './domains/wallets/withdrawals.ts'
import { createAirdropsService } from './domains/wallets/airdrops.ts'
import { createBoostsService, runningBoostLevel } from './domains/boosts/service.ts'
import { createFeedClaimService } from './domains/feeds/claimService.ts'
import { ioredis } from './lib/redisModules.ts'
import { createHealthService } from './domains/health/service.ts'
import { createRateLimits } from './lib/rateLimit.ts'
import { actionsRepo } from './domains/actions/repo.ts'
import { createActionsService } from './domains/actions/service.ts'
import { createWebhookSender } from './domains/actions/webhooks.ts'
import { integrationsRepo } from './domains/integrations/repo.ts'
import { createIntegrationsService } from './domains/integrations/service.ts'
import { inboxDomain } from './domains/inboxes/inboxDomain.ts'
import { createAttachmentStore } from './domains/inboxes/email/attachmentStore.ts'
import { createEmailIntake } from './domains/inboxes/email/emailIntake.ts'
import { DEFAULT_EMAIL_LIMITS } from './domains/inboxes/email/parseEmail.ts'
import { rsshubRepo } from './domains/rsshub/repo.ts'
import { analyticsRepo } from './domains/analytics/repo.ts'
import { createAnalyticsService } from './domains/analytics/service.ts'
import { createRsshubService } from './domains/rsshub/service.ts'
import { messagingRepo } from './domains/messaging/repo.ts'
import { accountRepo } from './domains/account/repo.ts'
import { createAccountService } from './domains/account/service.ts'
import { createMessagingService, type MessagingService } from './domains/messaging/service.ts'
import { createPushSender } from './domains/messaging/pushSender.ts'
import { loadVapidKeys, vapidSubject, type VapidKeys } from './domains/messaging/vapidKeys.ts'

/** What the services are built from. */
export type ServiceInputs = { env: Env; database: OpenDatabase; logger: Logger; /** The instance secret (AUTH_SECRET or the stored one): seals users' AI keys and integration settings. */ secret: string; /** Instance settings (server.ts builds it first: the secret is read from it). */ instance: InstanceRepo }

/** Builds every domain's repo and service, each once. */
export function composeServices({ env, database, logger, secret, instance }: ServiceInputs) {
  const { db, dialect } = database

  // Repos: SQL only, one per noun.
  const repos = {
    feeds: feedsRepo(db),
    subscriptions: subscriptionsRepo(db),
    unread: unreadRepo(db, dialect),
    reads: readsRepo(db, dialect),
    entries: entriesRepo(db, dialect),
    lists: listsRepo(db),
    inboxes: inboxesRepo(db, dialect),
    collections: collectionsRepo(db),
    settings: settingsRepo(db),
    profiles: profilesRepo(db),
    discover: discoverRepo(db),
    instance,
    plans: plansRepo(db),
    invitations: invitationsRepo(db),
    referrals: referralsRepo(db),
    admin: adminRepo(db),
    achievements: achievementsRepo(db),
    featureFlags: featureFlagsRepo(db),
    apiTokens: apiTokensRepo(db),
    greader: greaderRepo(db),
    fever: feverRepo(db),
    websub: websubRepo(db),
    search: searchRepo(db, dialect),
    trending: trendingRepo(db),
    ai: aiRepo(db),
    actions: actionsRepo(db),
    wallets: walletsRepo(db),
    rsshub: rsshubRepo(db),
  }

  // Services: the rules, each given only the repos and services it uses.
  const actions = createActionsService({ repo: repos.actions, ruleLimit: env.ACTION_RULE_LIMIT })
  const webhooks = createWebhookSender({ allowPrivateNetworks: env.FETCH_ALLOW_PRIVATE_NETWORKS, logger })
  const sendWebhooks = webhooks.send
  // WebSub sees every fetched feed document (hub discovery); it is built after feeds, which it ingests through.
  let websub: WebsubService | null = null
  // Web Push (domains/messaging/): the VAPID keys are made on first use and kept in instance_kv.
  let vapid: Promise<VapidKeys> | null = null
  const vapidKeys = () => (vapid ??= loadVapidKeys(instance).catch((error: unknown) => ((vapid = null), Promise.reject(error))))
  const pushSender = createPushSender({ keys: vapidKeys, subject: vapidSubject(env.PUBLIC_URL ?? null, env.MAIL_FROM), allowPrivateNetworks: env.FETCH_ALLOW_PRIVATE_NETWORKS })
  const messaging: MessagingService = createMessagingService({ repo: messagingRepo(db), sender: pushSender, publicKey: async () => (await vapidKeys()).publicKey, allowPrivateNetworks: env.FETCH_ALLOW_PRIVATE_NETWORKS, logger })
  // Before the reading services: their answers carry the feeds' tippers (wallets tippersOf).
  const wallets = createWalletsService({ repo: repos.wallets, config: env })
  // The admin's flags: services check them where they move POWER or read RSSHub for someone.
  const featureFlags = createFeatureFlagsService({ repo: repos.featureFlags })
  const flagOn = featureFlags.isOn
  const plans = createPlansService({ repo: repos.plans, instance: repos.instance, env, usage: repos.subscriptions })
  // rsshub:// feeds are fetched through an RSSHub instance (docs/rsshub.md).
  const rsshub = createRsshubService({ repo: repos.rsshub, env, limitsFor: plans.limitsFor, countUsers: plans.userCount, flagOn })
  const feeds = createFeedService({ repo: repos.feeds, env, logger, boostLevel: (feedId, at) => runningBoostLevel(repos.wallets, feedId, at), sendWebhooks, onDocument: (feed, body, link) => websub?.onDocument(feed, body, link), onNewEntries: messaging.newEntries, resolveRsshub: rsshub.resolve, rsshubCategoryOf: rsshub.categoryOf })
  websub = createWebsubService({ repo: repos.websub, feeds, publicUrl: env.PUBLIC_URL ?? null, allowPrivateNetworks: env.FETCH_ALLOW_PRIVATE_NETWORKS, logger })
  const invitations = createInvitationsService({ repo: repos.invitations, plans, registrationOn: async () => (await featureFlags.evaluate(null)).registration })
  const referrals = createReferralsService({ repo: repos.referrals, plans, verifier: env.RECEIPT_VERIFIER_URL ? httpReceiptVerifier(env.RECEIPT_VERIFIER_URL) : noReceiptVerifier })
  const subscriptions = createSubscriptionsService({ repo: repos.subscriptions, env, feeds, plans, onUnfollowed: (feedIds) => websub?.unfollowed(feedIds), tippers: wallets.tippersOf, flagOn })
  const opml = createOpmlTransfer({ repo: repos.subscriptions, subscriptions, env })
  const categories = createCategoriesService({ repo: repos.subscriptions, subscriptions })
  const lists = createListsService({ repo: repos.lists, subscriptions: repos.subscriptions, flagOn })
  const inboxes = createInboxesService({ repo: repos.inboxes, subscriptions, domain: inboxDomain(env) })
  const reads = createReadsService({ repo: repos.reads, unread: repos.unread, lists, inboxes })
  const entries = createEntriesService({ repo: repos.entries, reads: repos.reads, lists, inboxes, feeds, env, logger, actions, sendWebhooks, tippers: wallets.tippersOf })
  const attachments = createAttachmentStore(env.DATA_DIR)
  const email = createEmailIntake({
    domain: inboxDomain(env),
    limits: { ...DEFAULT_EMAIL_LIMITS, maxAttachmentBytes: env.INBOX_ATTACHMENT_MAX_BYTES },
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : '',
    store: attachments,
    findInbox: inboxes.find,
    receive: entries.receive,
  })
  const integrations = createIntegrationsService({ repo: integrationsRepo(db), entries, secret, logger, call: { allowPrivateNetworks: env.INTEGRATIONS_ALLOW_PRIVATE_NETWORKS, timeoutMs: env.INTEGRATIONS_TIMEOUT_MS } })
  const collections = createCollectionsService({ repo: repos.collections, entries })
  const settings = createSettingsService(repos.settings)
  const analytics = createAnalyticsService({ repo: analyticsRepo(db), settings })
  const profiles = createProfilesService(repos.profiles)
  const uploads = createUploadsService({ store: uploadStoreOf(env), plans, profiles })
  const discover = createDiscoverService({ repo: repos.discover, env })
  const apiTokens = createApiTokensService({ repo: repos.apiTokens, defaultRole: env.DEFAULT_ROLE })
  const greader = createGreaderService({ repo: repos.greader, apiTokens, reads, collections, subscriptions, categories, opml })
  const feedIcons = createFeedIconsService({ repo: feedIconsRepo(db), allowPrivateNetworks: env.FETCH_ALLOW_PRIVATE_NETWORKS, logger })
  const fever = createFeverService({ repo: repos.fever, apiTokens, greader, reads, collections, icons: feedIcons })
  // SQLite file: entry searches run in worker threads with their own read-only connections.
  const searchThreads = dialect === 'sqlite' && database.file && env.SEARCH_THREADS > 0 ? startSearchThreads({ file: database.file, threads: env.SEARCH_THREADS, logger }) : undefined
  const search = createSearchService({ repo: repos.search, logger, threads: searchThreads })
  const trending = createTrendingService({ repo: repos.trending, ttlMs: env.TRENDING_REFRESH_SECONDS * 1000 })
  const ai = createAiService({ repo: repos.ai, db, entries, settings, env, logger, secret, tools: { entries, reads, search } })
  const withdrawals = createWithdrawalsService({ repo: repos.wallets, authSecret: secret })
  const boosts = createBoostsService({ repo: repos.wallets, onBoosted: feeds.boosted })
  const airdrops = createAirdropsService({ repo: repos.wallets })
  const claims = createFeedClaimService({ repo: repos.feeds, feeds, secret })
  const achievements = createAchievementsService({ repo: repos.achievements, wallets, flagOn })
  const admin = createAdminService({ repo: repos.admin, cleaner: cleanRepo(db), plans, achievements, wallets, flagOn })
  // Settings → Privacy: download my data, delete my account (domains/account/).
  const account = createAccountService({ repo: accountRepo(db), settings, opml, authSecret: secret })

  // Process health and abuse limits (docs/operations.md); both closed by server.ts on shutdown.
  const health = createHealthService({ database, redisUrl: env.REDIS_URL })
  const rateLimits = createRateLimits({ redis: env.REDIS_URL && env.RATE_LIMIT ? new (ioredis().Redis)(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null })

  return { messaging, plans, invitations, referrals, admin, achievements, feeds, subscriptions, opml, categories, lists, inboxes, reads, entries, collections, settings, profiles, discover, wallets, withdrawals, boosts, claims, airdrops, apiTokens, greader, websub, health, rateLimits, actions, webhooks, ai, search, fever, attachments, email, integrations, featureFlags, trending, uploads, rsshub, analytics, account }
}

/** Every domain service, by name. */
export type Services = ReturnType<typeof composeServices>
