/**
 * The admin's feature flags (issue 19): the names an instance knows, what each gates, and its
 * default. A flag is on/off with a percentage rollout (by a stable hash of flag and user) and
 * per-user overrides; the web app reads the caller's flags from GET /api/status/configs.
 */
export const FEATURE_FLAGS = ['ai_chat', 'power', 'rsshub', 'invitations', 'achievements', 'registration'] as const
export type FeatureFlag = (typeof FEATURE_FLAGS)[number]

/**
 * What each flag turns off (docs/instance-admin.md "Feature flags"): `ai_chat` the AI chat (route
 * and entry points), `power` the POWER wallet, tips, boosts and every POWER movement made for the
 * user (list fees, achievement rewards, the admin's mint, RSSHub purchases), `rsshub` RSSHub
 * instances, Discover's routes and new rsshub:// feeds, `invitations` invitation codes,
 * `achievements` achievements, `registration` new sign-ups (a sign-up is a visitor's: on only at 100 %).
 */
export const GATING_FLAGS = FEATURE_FLAGS

/** Every flag is on until the admin says otherwise. */
export const FEATURE_FLAG_DEFAULT = { enabled: true, percentage: 100 } as const
