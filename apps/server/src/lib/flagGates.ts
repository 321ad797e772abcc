/**
 * The routes behind the admin's feature flags (docs/instance-admin.md "Feature flags"): while a
 * flag is off for the caller (a signed-out caller: unless on for everyone) they answer 403, 1004
 * with the reason below. The API document lists that answer on each (lib/apiDocument.ts).
 */
import type { FeatureFlag } from '@brook/shared'

/** The reasons the services reuse where they check a flag themselves (POWER moved on someone's behalf, rsshub:// feeds). */
export const POWER_OFF = 'POWER is turned off on this instance'
export const RSSHUB_OFF = 'RSSHub is turned off on this instance'

export type FlagGate = { flag: FeatureFlag; reason: string; /** Path prefixes (the prefix itself and below). */ prefixes: string[]; methods?: string[]; signedInOnly?: boolean }

export const FLAG_GATES: FlagGate[] = [
  // Signed out, the chat route answers 1000 as before.
  { flag: 'ai_chat', reason: 'AI chat is turned off on this instance', prefixes: ['/api/ai/chat'], methods: ['POST'], signedInOnly: true },
  // POWER: the wallet (balance, daily claim, tips, transfers, withdrawals, airdrops) and boosts.
  { flag: 'power', reason: POWER_OFF, prefixes: ['/api/wallets', '/api/boosts'] },
  // RSSHub: my instances (add, use, buy, status) and Discover's route catalogue. Signed out they answer 1000 as before.
  { flag: 'rsshub', reason: RSSHUB_OFF, prefixes: ['/api/rsshub', '/api/discover/rsshub', '/api/discover/rsshub-route', '/api/discover/rsshub-analytics'], signedInOnly: true },
  // Invitations: my codes (list, create) and using one while signed in. A code given at sign-up still
  // admits its visitor: that is the registration mode's, which the admin sets apart.
  { flag: 'invitations', reason: 'Invitations are turned off on this instance', prefixes: ['/api/invitations'], signedInOnly: true },
  // Achievements: the list, the recompute, receiving and audits.
  { flag: 'achievements', reason: 'Achievements are turned off on this instance', prefixes: ['/api/achievement'], signedInOnly: true },
]

/** Whether a path is under a gate's prefixes. */
export const isGated = (gate: FlagGate, path: string) => gate.prefixes.some((p) => path === p || path.startsWith(`${p}/`))
