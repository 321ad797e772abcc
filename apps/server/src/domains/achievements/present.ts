/** The API shape of one achievement with my progress. */
import { z } from '@hono/zod-openapi'
import { ACHIEVEMENT_IDS, ACHIEVEMENT_STATES } from '@brook/shared'

export const AchievementSchema = z
  .object({
    id: z.enum(ACHIEVEMENT_IDS),
    metric: z.enum(['feeds', 'lists', 'inboxMail', 'claimStreak', 'entriesRead', 'tips', 'feedClaims', 'rules']),
    target: z.number(),
    progress: z.number(),
    state: z.enum(ACHIEVEMENT_STATES),
    reward: z.string().openapi({ description: 'POWER reward in smallest units (1 POWER = 10^18)' }),
    audit: z.boolean().openapi({ description: 'Completed only after an admin accepts the proof sent with POST /achievement/audit' }),
    completedAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    transactionId: z.string().nullable().openapi({ description: 'The ledger transfer that paid the reward' }),
    rewardPending: z.boolean().openapi({ description: 'Received while the admin\'s power flag was off for me: the reward is paid by my next recompute (POST /achievement/check) with POWER on' }),
  })
  .openapi('Achievement')
