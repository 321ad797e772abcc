/** /api/wallets: POWER balances, the daily claim, tips, transactions, ranking, price (docs/power.md). */
import { createRoute, z } from '@hono/zod-openapi'
import { amountProblem } from '@brook/shared'
import { createRouter, ok, requireAdmin, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse, timeInput } from '../../lib/apiSchemas.ts'
import type { WalletsService } from './service.ts'
import type { WithdrawalsService } from './withdrawals.ts'
import type { AirdropsService } from './airdrops.ts'

/** A positive amount of smallest units (1 POWER = 10^18) as a decimal string, at most 2^255. */
export const amountSchema = z
  .string()
  .superRefine((v, ctx) => {
    const problem = amountProblem(v)
    if (problem) ctx.addIssue({ code: 'custom', message: `amount ${problem}` })
  })
  .openapi({ description: 'Smallest units (1 POWER = 10^18) as a decimal string of digits, > 0 and ≤ 2^255', example: '1000000000000000000' })

const units = (description: string) => z.string().openapi({ description: `${description} (smallest units, 1 POWER = 10^18, decimal string)` })

const WalletSchema = z
  .object({
    userId: z.string(),
    powerToken: units('Balance'),
    dailyPowerToken: units("Today's claimable amount (0 once claimed)"),
    cashablePowerToken: units('Withdrawable part of the balance (tips received; rewards are not)'),
    level: z.number().int().openapi({ description: 'Level 0–5 by balance' }),
  })
  .openapi('Wallet')

export const TransactionSchema = z
  .object({
    id: z.string(),
    type: z.string().openapi({ description: 'daily | tip | reward | withdraw | boost | list | airdrop | claim | refund | rsshub' }),
    amount: units('Amount'),
    fromUserId: z.string().nullable(),
    toUserId: z.string().nullable(),
    fromFeedId: z.string().nullable(),
    toFeedId: z.string().nullable(),
    reference: z.string().nullable().openapi({ description: 'What it was for: an entry, feed, list, user, day or withdrawal id' }),
    createdAt: z.string(),
  })
  .openapi('PowerTransaction')

const ClaimCheckSchema = z.object({
  claimable: z.boolean(),
  amount: units("Today's amount (0 once claimed)"),
  multiplier: z.number().int().openapi({ description: 'Activity multiplier 1–5' }),
  claimedToday: z.boolean(),
  nextClaimAt: z.string(),
  computing: z.boolean().openapi({ description: "Today's amounts are being computed (claim-daily answers 4005 meanwhile)" }),
})

const RankingSchema = z.object({
  top: z.array(z.object({ rank: z.number().int(), userId: z.string(), name: z.string().nullable(), handle: z.string().nullable(), image: z.string().nullable(), powerToken: units('Balance'), level: z.number().int() })),
  me: z.object({ rank: z.number().int().nullable(), powerToken: units('Balance'), level: z.number().int() }),
})

const TipBody = z
  .strictObject({ amount: amountSchema, entryId: idSchema.optional(), feedId: idSchema.optional(), userId: z.string().min(1).max(64).optional() })
  .refine((b) => [b.entryId, b.feedId, b.userId].filter(Boolean).length === 1, { message: 'exactly one of entryId, feedId or userId', path: ['entryId'] })

const IDEMPOTENCY = 'Idempotency-Key'

const getRoute = createRoute({ method: 'get', path: '/', tags: ['wallets'], summary: "The user's wallet", request: { query: z.strictObject({}) }, responses: { 200: jsonResponse(envelope(z.array(WalletSchema)), 'Wallets'), ...errors() } })
const createWalletRoute = createRoute({ method: 'post', path: '/', tags: ['wallets'], summary: 'Create the wallet (idempotent)', responses: { 200: jsonResponse(envelope(WalletSchema), 'The wallet'), ...errors() } })
const refreshRoute = createRoute({
  method: 'post',
  path: '/refresh',
  tags: ['wallets'],
  summary: 'Recompute level and rank',
  responses: { 200: jsonResponse(envelope(WalletSchema.extend({ rank: z.number().int().nullable() })), 'The wallet with its rank'), ...errors() },
})
const rankingRoute = createRoute({ method: 'get', path: '/ranking', tags: ['wallets'], summary: 'Top holders and your rank', request: { query: z.strictObject({}) }, responses: { 200: jsonResponse(envelope(RankingSchema), 'Ranking'), ...errors() } })
const priceRoute = createRoute({
  method: 'get',
  path: '/power-price',
  tags: ['wallets'],
  summary: 'The configured price of one POWER, or null',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.object({ price: z.string().nullable() })), 'Price'), ...errors() },
})
const transactionsRoute = createRoute({
  method: 'get',
  path: '/transactions',
  tags: ['wallets'],
  summary: "The user's transactions (and their claimed feeds'), newest first",
  request: {
    query: z.strictObject({
      type: z.string().max(32).optional(),
      fromOrToUserId: z.string().min(1).max(64).optional(),
      createdAfter: timeInput.optional(),
      before: timeInput.optional().openapi({ description: 'Page: createdAt of the last transaction of the previous page' }),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  },
  responses: { 200: jsonResponse(envelope(z.array(TransactionSchema)), 'Transactions'), ...errors() },
})
const claimCheckRoute = createRoute({
  method: 'get',
  path: '/transactions/claim-check',
  tags: ['wallets'],
  summary: "Whether today's claim is open, and how much",
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(ClaimCheckSchema), 'Claim check'), ...errors() },
})
const claimDailyRoute = createRoute({
  method: 'post',
  path: '/transactions/claim-daily',
  tags: ['wallets'],
  summary: "Claim today's POWER (once per UTC day)",
  responses: { 200: jsonResponse(envelope(TransactionSchema), 'The claim'), ...errors(4000, 4005) },
})
const tipRoute = createRoute({
  method: 'post',
  path: '/transactions/tip',
  tags: ['wallets'],
  summary: "Tip a user, or an entry's or feed's owner (an unclaimed feed keeps it until claimed)",
  request: jsonBody(TipBody),
  responses: { 200: jsonResponse(envelope(TransactionSchema), 'The tip'), ...errors(1002, 2001, 3000, 4002, 4004) },
})

const WithdrawalSchema = z
  .object({ id: z.string(), userId: z.string().openapi({ description: 'Who asked for it' }), amount: units('Amount'), feedId: z.string().nullable(), address: z.string().nullable(), status: z.string().openapi({ description: 'pending | paid | rejected' }), transferId: z.string(), createdAt: z.string(), settledAt: z.string().nullable() })
  .openapi('Withdrawal')
const WithdrawalStatus = z.enum(['pending', 'paid', 'rejected'])
const withdrawalQueueRoute = createRoute({
  method: 'get',
  path: '/withdrawals',
  tags: ['wallets'],
  summary: 'Admins: withdrawals of a status (default pending), oldest first — the settlement queue',
  request: { query: z.strictObject({ status: WithdrawalStatus.default('pending') }) },
  responses: { 200: jsonResponse(envelope(z.array(WithdrawalSchema)), 'Withdrawals'), ...errors(1004) },
})
const settleRoute = createRoute({
  method: 'post',
  path: '/withdrawals/settle',
  tags: ['wallets'],
  summary: 'Admins: mark a pending withdrawal paid, or rejected (refunded from burn, withdrawable again)',
  request: jsonBody(z.strictObject({ id: idSchema, status: z.enum(['paid', 'rejected']) })),
  responses: { 200: jsonResponse(envelope(WithdrawalSchema), 'The settled withdrawal'), ...errors(4, 6, 1004) },
})

const withdrawRoute = createRoute({
  method: 'post',
  path: '/transactions/withdraw',
  tags: ['wallets'],
  summary: "Withdraw from the withdrawable balance (or a claimed feed's), with a two-factor code",
  request: jsonBody(z.strictObject({ amount: amountSchema, address: z.string().trim().min(1).max(200).optional(), feedId: idSchema.optional(), TOTPCode: z.string().max(10).optional() })),
  responses: {
    200: jsonResponse(
      envelope(WithdrawalSchema),
      'The pending withdrawal',
    ),
    ...errors(1004, 2001, 4002, 4003, 4007, 4008),
  },
})

const EligibilitySchema = z.strictObject({ roles: z.array(z.string().max(32)).max(10).optional(), registeredBefore: timeInput.optional() }).openapi('AirdropEligibility')
const AirdropSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    amount: units('Amount per user'),
    eligibility: z.object({ roles: z.array(z.string()).optional(), registeredBefore: z.string().optional() }),
    active: z.boolean(),
    createdAt: z.string(),
    eligible: z.boolean().openapi({ description: 'Whether you may claim it' }),
    status: z.enum(['none', 'sending', 'sent']).openapi({ description: 'Your claim of it' }),
  })
  .openapi('Airdrop')
const airdropListRoute = createRoute({ method: 'get', path: '/airdrop', tags: ['wallets'], summary: 'Active airdrops, whether you may claim each, and your claims', request: { query: z.strictObject({}) }, responses: { 200: jsonResponse(envelope(z.array(AirdropSchema)), 'Airdrops'), ...errors() } })
const airdropClaimRoute = createRoute({
  method: 'post',
  path: '/airdrop',
  tags: ['wallets'],
  summary: 'Claim an airdrop',
  request: jsonBody(z.strictObject({ airdropId: idSchema })),
  responses: { 200: jsonResponse(envelope(z.object({ airdropId: z.string(), amount: units('Amount'), transferId: z.string() })), 'Sent'), ...errors(6, 4010, 4011, 4012, 4013) },
})
const airdropSaveRoute = createRoute({
  method: 'put',
  path: '/airdrop',
  tags: ['wallets'],
  summary: 'Admins: create (no id) or edit an airdrop campaign',
  request: jsonBody(z.strictObject({ id: idSchema.optional(), title: z.string().trim().min(1).max(200), amount: amountSchema, eligibility: EligibilitySchema.default({}), active: z.boolean().optional() })),
  responses: { 200: jsonResponse(envelope(AirdropSchema), 'The campaign'), ...errors(6, 1004) },
})

export function walletsRoutes({ wallets, withdrawals, airdrops }: { wallets: WalletsService; withdrawals: WithdrawalsService; airdrops: AirdropsService }) {
  const router = createRouter()

  router.openapi(getRoute, async (c) => c.json(ok(await wallets.get(requireUser(c))), 200))
  router.openapi(createWalletRoute, async (c) => c.json(ok(await wallets.create(requireUser(c))), 200))
  router.openapi(refreshRoute, async (c) => c.json(ok(await wallets.refresh(requireUser(c))), 200))
  router.openapi(rankingRoute, async (c) => c.json(ok(await wallets.ranking(requireUser(c))), 200))
  router.openapi(priceRoute, (c) => {
    requireUser(c)
    return c.json(ok(wallets.powerPrice()), 200)
  })
  router.openapi(transactionsRoute, async (c) => c.json(ok(await wallets.transactions(requireUser(c), c.req.valid('query'))), 200))
  router.openapi(claimCheckRoute, async (c) => c.json(ok(await wallets.claimCheck(requireUser(c))), 200))
  router.openapi(claimDailyRoute, async (c) => c.json(ok(await wallets.claimDaily(requireUser(c))), 200))
  router.openapi(tipRoute, async (c) => {
    const user = requireUser(c)
    const { amount, ...target } = c.req.valid('json')
    return c.json(ok(await wallets.tip(user, { amount: BigInt(amount), ...target }, c.req.header(IDEMPOTENCY))), 200)
  })

  router.openapi(airdropListRoute, async (c) => c.json(ok(await airdrops.list(requireUser(c))), 200))
  router.openapi(airdropClaimRoute, async (c) => c.json(ok(await airdrops.claim(requireUser(c), c.req.valid('json').airdropId)), 200))
  router.openapi(airdropSaveRoute, async (c) => {
    const user = requireUser(c)
    const { amount, ...rest } = c.req.valid('json')
    return c.json(ok(await airdrops.save(user, { amount: BigInt(amount), ...rest })), 200)
  })
  router.openapi(withdrawalQueueRoute, async (c) => {
    requireAdmin(c)
    return c.json(ok(await withdrawals.queue(c.req.valid('query').status)), 200)
  })
  router.openapi(settleRoute, async (c) => {
    requireAdmin(c)
    const { id, status } = c.req.valid('json')
    return c.json(ok(await withdrawals.settle(id, status)), 200)
  })
  router.openapi(withdrawRoute, async (c) => {
    const user = requireUser(c)
    const { amount, ...rest } = c.req.valid('json')
    return c.json(ok(await withdrawals.withdraw(user, { amount: BigInt(amount), ...rest }, c.req.header(IDEMPOTENCY))), 200)
  })

  return router
}
