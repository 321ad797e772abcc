/**
 * The routes behind the admin's feature flags (docs/instance-admin.md "Feature flags"): while a
 * flag is off for the caller (a signed-out caller: unless on for everyone) they answer 403, 1004
 * with the reason below. The API document lists that answer on each (lib/apiDocument.ts).
 */
import type { FeatureFlag } from '@brook/shared'

export type FlagGate = { flag: FeatureFlag; reason: string; /** Path prefixes (the prefix itself and below). */ prefixes: string[]; methods?: string[]; signedInOnly?: boolean }

export const FLAG_GATES: FlagGate[] = [
  // Signed out, the chat route answers 1000 as before.
  { flag: 'ai_chat', reason: 'AI chat is turned off on this instance', prefixes: ['/api/ai/chat'], methods: ['POST'], signedInOnly: true },
  // POWER: the wallet (balance, daily claim, tips, transfers, withdrawals, airdrops) and boosts.
  { flag: 'power', reason: 'POWER is turned off on this instance', prefixes: ['/api/wallets', '/api/boosts'] },
]

/** Whether a path is under a gate's prefixes. */
export const isGated = (gate: FlagGate, path: string) => gate.prefixes.some((p) => path === p || path.startsWith(`${p}/`))
