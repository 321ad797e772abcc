/** Row types of every table, as Kysely sees them. Times are ISO text; flags are 0/1 integers. */
import type { Generated } from 'kysely'

/** better-auth's dates: Date objects through its adapter, ISO text when read raw on SQLite. */
type AuthDate = Date | string
type AuthBool = boolean | number

export interface UserTable {
  id: string
  name: string
  email: string
  emailVerified: AuthBool
  image: string | null
  createdAt: AuthDate
  updatedAt: AuthDate
  twoFactorEnabled: AuthBool | null
  role: string
  roleEndAt: AuthDate | null
  handle: string | null
  bio: string | null
  website: string | null
  socialLinks: string | null
  /** Set by an admin: no new sessions (0012). */
  disabledAt?: string | null
}

export interface SessionTable {
  id: string
  expiresAt: AuthDate
  token: string
  createdAt: AuthDate
  updatedAt: AuthDate
  ipAddress: string | null
  userAgent: string | null
  userId: string
}

export interface MailOutboxTable {
  id: string
  to: string
  subject: string
  text: string
  html: string | null
  kind: string
  createdAt: string
  sentAt: string | null
  error: string | null
}

export interface FeedsTable {
  id: string
  url: string
  title: string | null
  description: string | null
  siteUrl: string | null
  image: string | null
  language: string | null
  ownerUserId: string | null
  etag: string | null
  lastModified: string | null
  checkedAt: string | null
  nextCheckAt: string | null
  errorAt: string | null
  errorMessage: string | null
  errorCount: Generated<number>
  ttlMinutes: number | null
  updatesPerWeek: Generated<number>
  latestEntryPublishedAt: string | null
  subscriptionCount: Generated<number>
  createdAt: string
  updatedAt: string
  /** Refresh lease (0003): a worker owns the feed's refresh until this time. */
  leaseUntil: string | null
  leaseOwner: string | null
  /** SPEC §3 discovery category (0020): from the feed's RSSHub route, or set by its owner or an admin. */
  discoveryCategory: string | null
}

export interface EntriesTable {
  id: string
  feedId: string | null
  inboxId: string | null
  guid: string
  title: string | null
  url: string | null
  description: string | null
  content: string | null
  author: string | null
  authorUrl: string | null
  authorAvatar: string | null
  publishedAt: string
  updatedAt: string | null
  insertedAt: string
  /** JSON text */
  categories: string | null
  /** JSON text */
  media: string | null
  /** JSON text */
  attachments: string | null
  /** JSON text */
  extra: string | null
  language: string | null
  contentHash: string | null
  readabilityContent: string | null
  readabilityUpdatedAt: string | null
}

export interface InboxesTable {
  id: string
  userId: string
  title: string | null
  secret: string
  createdAt: string
}

export interface ListsTable {
  id: string
  ownerUserId: string
  title: string
  description: string | null
  image: string | null
  view: number
  fee: Generated<number>
  subscriptionCount: Generated<number>
  /** Smallest units of POWER paid by subscribers in total, canonical decimal text (0017). */
  purchaseAmount: Generated<string>
  createdAt: string
  updatedAt: string
}

export interface ListFeedsTable {
  listId: string
  feedId: string
  createdAt: string
}

export interface SubscriptionsTable {
  id: string
  userId: string
  feedId: string | null
  listId: string | null
  inboxId: string | null
  view: number
  title: string | null
  category: string | null
  isPrivate: Generated<number>
  hideFromTimeline: Generated<number>
  createdAt: string
}

export interface EntryReadsTable {
  userId: string
  entryId: string
  readAt: string
}

export interface UnreadCountsTable {
  userId: string
  sourceId: string
  count: Generated<number>
  /** No unread entry of the source is older than this (0006); null: no bound known. */
  unreadSince: string | null
}

export interface CollectionsTable {
  userId: string
  entryId: string
  feedId: string | null
  view: number
  createdAt: string
}

export interface SettingsTable {
  userId: string
  tab: string
  /** JSON text */
  payload: string
  updatedAt: string
}

export interface OpmlImportUsageTable {
  userId: string
  /** UTC day, YYYY-MM-DD */
  day: string
  used: number
}

/** Idempotency keys with the answers they got (0005), kept 24 hours. */
export interface IdempotencyKeysTable {
  userId: string
  key: string
  method: string
  path: string
  /** sha256 of method, path and body */
  fingerprint: string
  /** pending | done */
  state: string
  responseStatus: number | null
  responseType: string | null
  responseBody: string | null
  createdAt: string
  expiresAt: string
}

export interface InstanceKvTable {
  key: string
  value: string
}

/** Invitation codes (0012). */
export interface InvitationsTable {
  code: string
  ownerId: string
  createdAt: string
  usedAt: string | null
  usedById: string | null
  usedByEmail: string | null
}

/** Referral codes, one per user (0014). */
export interface ReferralCodesTable {
  userId: string
  code: string
  createdAt: string
}

/** Who came by whose referral code, with the Pro preview days it earned the referrer (0014). */
export interface ReferralsTable {
  referredId: string
  referrerId: string
  createdAt: string
  signupDays: number
  purchaseDays: Generated<number>
  purchasedAt: string | null
}

/** Purchase receipts accepted once (0014). */
export interface PurchaseReceiptsTable {
  transactionId: string
  userId: string
  purpose: string
  productId: string
  createdAt: string
}

/** Admin feature flags (0012): on/off and a percentage rollout; overrides per user. */
export interface FeatureFlagsTable {
  name: string
  enabled: number
  percentage: number
  updatedAt: string
}

export interface FeatureFlagOverridesTable {
  name: string
  userId: string
  enabled: number
  createdAt: string
}

/** Achievements per user (0012). */
export interface UserAchievementsTable {
  userId: string
  achievementId: string
  progress: number
  /** incomplete | completed | audit | received */
  state: string
  completedAt: string | null
  auditPayload: string | null
  receivedAt: string | null
  rewardTxId: string | null
  updatedAt: string
}

/** PostgreSQL only: an entry's search document (SQLite keeps it in the FTS5 table entry_fts). */
export interface EntrySearchTable {
  entryId: string
  /** tsvector */
  document: string
}

/** How far the background indexing of entries stored before search existed has come. */
export interface SearchBackfillTable {
  name: string
  /** The last entry id indexed (ids walked in text order). */
  cursor: string
  indexed: Generated<number>
  finishedAt: string | null
}

/** A user's action rules (0010): the rules array as JSON; `active` counts the enabled ones. */
export interface ActionRulesTable {
  userId: string
  /** JSON text */
  rules: string
  active: Generated<number>
  updatedAt: string
}

/** What a user's rules did to one entry (0010). */
export interface EntryActionsTable {
  userId: string
  entryId: string
  blocked: Generated<number>
  title: string | null
  content: string | null
  /** JSON text */
  settings: string | null
  createdAt: string
}

/**
 * POWER ledger (0008, docs/power.md). Amounts are integers of the smallest unit as decimal
 * strings: numeric(78,0) on PostgreSQL (pg hands it over as a string), canonical text on SQLite.
 */
export interface LedgerAccountsTable {
  id: string
  kind: 'user' | 'feed' | 'treasury' | 'burn'
  ownerId: string | null
  balance: string
  cashable: string
  createdAt: string
  updatedAt: string
}

export interface LedgerTransfersTable {
  id: string
  debitAccountId: string
  creditAccountId: string
  amount: string
  kind: string
  reference: string | null
  idempotencyKey: string
  actorUserId: string | null
  createdAt: string
}

export interface WithdrawalsTable {
  id: string
  userId: string
  feedId: string | null
  amount: string
  address: string | null
  status: string
  transferId: string
  createdAt: string
  settledAt: string | null
}

export interface BoostsTable {
  id: string
  feedId: string
  userId: string
  amount: string
  transferId: string
  createdAt: string
  expiresAt: string
}

/** Who tipped which feed (0018): the listing behind tipUserIds / tipUsers. */
export interface FeedTippersTable {
  feedId: string
  userId: string
  tips: number
  firstAt: string
  lastAt: string
}

/** The daily POWER computation's runs (0019): shared state of the job across processes. */
export interface PowerDailyRunsTable {
  day: string
  status: string
  owner: string
  leaseUntil: string
  startedAt: string
  finishedAt: string | null
  users: Generated<number>
}

/** Each user's claimable amount and multiplier for a UTC day, fixed by the daily computation (0019). */
export interface PowerDailyAmountsTable {
  day: string
  userId: string
  amount: string
  multiplier: number
}

export interface AirdropsTable {
  id: string
  title: string
  amount: string
  /** JSON text */
  eligibility: string
  active: Generated<number>
  createdAt: string
}

export interface AirdropClaimsTable {
  airdropId: string
  userId: string
  status: string
  transferId: string | null
  createdAt: string
}

/** AI summaries (0011), shared per entry, language, target and engine. */
export interface AiSummariesTable {
  entryId: string
  language: string
  target: string
  /** extractive | instance | user:<id> */
  engine: string
  /** pending | success */
  state: string
  summary: string | null
  leaseOwner: string | null
  leaseUntil: string | null
  createdAt: string
  updatedAt: string
}

/** AI translations (0011), per entry, language and engine. */
export interface AiTranslationsTable {
  entryId: string
  language: string
  engine: string
  title: string | null
  description: string | null
  content: string | null
  readabilityContent: string | null
  createdAt: string
}

/** Provider tokens used per user and UTC day (0011). */
export interface AiUsageTable {
  userId: string
  day: string
  tokens: number
}

/** A user's own OpenAI-compatible endpoint (0011). */
export interface AiUserProvidersTable {
  userId: string
  baseUrl: string
  model: string
  apiKeyCipher: string | null
  updatedAt: string
}

export interface AiChatSessionsTable {
  id: string
  userId: string
  title: string | null
  createdAt: string
  updatedAt: string
}

export interface AiChatMessagesTable {
  id: string
  chatId: string
  role: string
  /** JSON text */
  parts: string
  /** JSON text */
  metadata: string | null
  status: Generated<string>
  createdAt: string
  finishedAt: string | null
}

export interface AiDigestsTable {
  userId: string
  view: number
  startDate: string
  engine: string
  /** JSON text */
  content: string
  createdAt: string
}

/** API tokens (0009): stored as hashes; the token itself is shown once. */
export interface ApiTokensTable {
  id: string
  userId: string
  name: string
  /** sha256 hex of the token */
  tokenHash: string
  /** md5 hex of `email:token`, the Fever api_key */
  feverKey: string
  createdAt: string
  lastUsedAt: string | null
  lastUsedClient: string | null
}

/** Web Push subscriptions of a user's browsers (0009). */
export interface PushSubscriptionsTable {
  id: string
  userId: string
  endpoint: string
  p256dh: string
  auth: string
  userAgent: string | null
  createdAt: string
}

/** Feeds whose new entries notify the user (0009). */
export interface FeedNotificationsTable {
  userId: string
  feedId: string
  createdAt: string
}

/** WebSub subscriptions, one per feed with a hub (0009). */
export interface WebsubSubscriptionsTable {
  feedId: string
  hub: string
  topic: string
  callbackToken: string
  secret: string
  state: string
  leaseUntil: string | null
  verifiedAt: string | null
  lastPushAt: string | null
  createdAt: string
  updatedAt: string
}

/** better-auth's two-factor secrets (0001), read by the withdrawal check (docs/power.md). */
export interface TwoFactorTable {
  id: string
  secret: string
  backupCodes: string
  userId: string
  verified: AuthBool | null
}

/** An RSSHub instance (0013). */
export interface RsshubInstancesTable {
  id: string
  ownerUserId: string | null
  baseUrl: string
  accessKey: string | null
  description: string | null
  price: string | null
  userLimit: number | null
  isDefault: number
  checkedAt: string | null
  responseTimeMs: number | null
  errorAt: string | null
  errorMessage: string | null
  createdAt: string
  updatedAt: string
}

/** The instance a user reads rsshub:// feeds through (0013). */
export interface RsshubUsageTable {
  userId: string
  instanceId: string
  createdAt: string
}

/** A paid RSSHub instance bought for some months (0020); the money moved in the ledger transfer `transferId`. */
export interface RsshubPurchasesTable {
  id: string
  instanceId: string
  userId: string
  months: number
  amount: string
  transferId: string
  expiresAt: string
  createdAt: string
}

/** First-party analytics: events per UTC day and event code (0021); totals only. */
export interface AnalyticsDailyTable {
  day: string
  event: string
  count: number
}

/** A feed's icon bytes for API clients (0027); mime/data null when none was found at checkedAt. */
export interface FeedIconsTable {
  feedId: string
  mime: string | null
  data: string | null
  sourceUrl: string | null
  checkedAt: string
}

/** A trending ranking computed by the scheduler role (0028): the latest per key, JSON. */
export interface TrendingSnapshotsTable {
  key: string
  payload: string
  computedAt: string
  requestedAt: string | null
}

export interface WorkerLeasesTable {
  workerId: number
  holder: string
  expiresAt: string
}

/** Every table of the server database. */
export interface Database {
  user: UserTable
  session: SessionTable
  mail_outbox: MailOutboxTable
  instance_kv: InstanceKvTable
  feeds: FeedsTable
  feed_icons: FeedIconsTable
  trending_snapshots: TrendingSnapshotsTable
  worker_leases: WorkerLeasesTable
  entries: EntriesTable
  inboxes: InboxesTable
  lists: ListsTable
  list_feeds: ListFeedsTable
  subscriptions: SubscriptionsTable
  entry_reads: EntryReadsTable
  unread_counts: UnreadCountsTable
  collections: CollectionsTable
  settings: SettingsTable
  opml_import_usage: OpmlImportUsageTable
  idempotency_keys: IdempotencyKeysTable
  invitations: InvitationsTable
  referral_codes: ReferralCodesTable
  referrals: ReferralsTable
  purchase_receipts: PurchaseReceiptsTable
  feature_flags: FeatureFlagsTable
  feature_flag_overrides: FeatureFlagOverridesTable
  user_achievements: UserAchievementsTable
  api_tokens: ApiTokensTable
  push_subscriptions: PushSubscriptionsTable
  feed_notifications: FeedNotificationsTable
  websub_subscriptions: WebsubSubscriptionsTable
  entry_search: EntrySearchTable
  search_backfill: SearchBackfillTable
  action_rules: ActionRulesTable
  entry_actions: EntryActionsTable
  twoFactor: TwoFactorTable
  ledger_accounts: LedgerAccountsTable
  ledger_transfers: LedgerTransfersTable
  withdrawals: WithdrawalsTable
  boosts: BoostsTable
  feed_tippers: FeedTippersTable
  power_daily_runs: PowerDailyRunsTable
  power_daily_amounts: PowerDailyAmountsTable
  airdrops: AirdropsTable
  airdrop_claims: AirdropClaimsTable
  ai_summaries: AiSummariesTable
  ai_translations: AiTranslationsTable
  ai_usage: AiUsageTable
  ai_user_providers: AiUserProvidersTable
  ai_chat_sessions: AiChatSessionsTable
  ai_chat_messages: AiChatMessagesTable
  ai_digests: AiDigestsTable
  rsshub_instances: RsshubInstancesTable
  rsshub_usage: RsshubUsageTable
  rsshub_purchases: RsshubPurchasesTable
  analytics_daily: AnalyticsDailyTable
}
