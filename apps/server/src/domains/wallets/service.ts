/**
 * Wallet rules (issue 11, docs/power.md): balances, the daily claim, tips, the transaction list,
 * the ranking, and `rewardUser` — the one way another domain (achievements) credits a user from
 * the treasury. Every movement is one ledger transfer with an idempotency key.
 */
import { newId, power, powerLevel, type UserRole } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { accountOwner, feedAccount, InsufficientFunds, TREASURY, userAccount, type TransferRow, type TransferSpec } from './ledger.ts'
import type { WalletsRepo } from './repo.ts'

export type WalletJson = { userId: string; powerToken: string; dailyPowerToken: string; cashablePowerToken: string; level: number }
export type TransactionJson = {
  id: string
  type: string
  amount: string
  fromUserId: string | null
  toUserId: string | null
  fromFeedId: string | null
  toFeedId: string | null
  reference: string | null
  createdAt: string
}
export type ClaimCheckJson = { claimable: boolean; amount: string; multiplier: number; claimedToday: boolean; nextClaimAt: string; computing: boolean }
export type RankingJson = {
  top: Array<{ rank: number; userId: string; name: string | null; handle: string | null; image: string | null; powerToken: string; level: number }>
  me: { rank: number | null; powerToken: string; level: number }
}

/** A feed's tipper as timeline items show them (SPEC §7 `tipUsers`): the public profile only. */
export type TipUserJson = { id: string; name: string | null; handle: string | null; image: string | null }

/** How many of a feed's tippers (latest first) an answer carries. */
export const TIPPERS_PER_FEED = 50

export type WalletsConfig = { POWER_DAILY_BASE: number; POWER_PRICE?: string }
type Who = { id: string; role: string }
export type TipTarget = { entryId?: string; feedId?: string; userId?: string }

/** Daily base per role, in multiples of POWER_DAILY_BASE. */
const ROLE_WEIGHT: Record<UserRole, bigint> = { admin: 2n, pro: 2n, pre_pro: 2n, pre_pro_trial: 1n, trial: 1n, free: 1n }
const MAX_MULTIPLIER = 5

const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/** The activity multiplier (SPEC §9, 1×–5×): one step per two reading days of the last week (up to +3) and one for following 10 feeds or more. */
export function activityMultiplier(readingDays: number, subscriptions: number): number {
  return Math.min(MAX_MULTIPLIER, 1 + Math.min(3, Math.floor(readingDays / 2)) + (subscriptions >= 10 ? 1 : 0))
}

/** How long a daily computation holds its run without showing life; a dead run blocks claims at most this long. */
export const DAILY_RUN_LEASE_MS = 5 * 60_000
/** Users per page of the daily computation. */
const DAILY_PAGE = 500

/** Transfers that a retried request (same Idempotency-Key) must find again. */
function requestKey(kind: string, userId: string, clientKey: string | undefined): string {
  return clientKey ? `${kind}:${userId}:${clientKey}` : `${kind}:${newId()}`
}

export function presentTransfer(row: TransferRow): TransactionJson {
  const from = accountOwner(row.debitAccountId)
  const to = accountOwner(row.creditAccountId)
  return {
    id: row.id,
    type: row.kind,
    amount: String(row.amount),
    fromUserId: from.kind === 'user' ? from.id : null,
    toUserId: to.kind === 'user' ? to.id : null,
    fromFeedId: from.kind === 'feed' ? from.id : null,
    toFeedId: to.kind === 'feed' ? to.id : null,
    reference: row.reference,
    createdAt: row.createdAt,
  }
}

export function createWalletsService(deps: { repo: WalletsRepo; config: WalletsConfig; now?: () => Date }) {
  const { repo, config } = deps
  const now = deps.now ?? (() => new Date())

  /** Runs a transfer; a short balance becomes 4002 (or 4003 for a feed's withdrawable part). */
  async function move(spec: TransferSpec) {
    try {
      return await repo.transfer(spec)
    } catch (error) {
      if (error instanceof InsufficientFunds) throw new AppError(error.accountId.startsWith('feed:') && error.cashableOnly ? 4003 : 4002)
      throw error
    }
  }

  /** A tip to a feed or entry: the transfer and the feed's tipper row together. */
  async function moveTip(spec: TransferSpec, feedId: string) {
    try {
      return await repo.tipFeed(spec, feedId)
    } catch (error) {
      if (error instanceof InsufficientFunds) throw new AppError(4002)
      throw error
    }
  }

  const amountFor = (role: string, multiplier: number) => power(config.POWER_DAILY_BASE) * (ROLE_WEIGHT[role as UserRole] ?? 1n) * BigInt(multiplier)

  /**
   * Today's amount: the role's base × the activity multiplier (1–5), as the daily computation
   * fixed it for the day; computed now for a user it has not seen (signed up since, or no run yet).
   */
  async function dailyAmount(user: Who, at: Date): Promise<{ amount: bigint; multiplier: number }> {
    const fixed = await repo.dailyAmountOf(utcDay(at), user.id)
    if (fixed) return { amount: BigInt(fixed.amount), multiplier: fixed.multiplier }
    const since = new Date(at.getTime() - 7 * 86_400_000).toISOString()
    const { readingDays, subscriptions } = await repo.activity(user.id, since)
    const multiplier = activityMultiplier(readingDays, subscriptions)
    return { amount: amountFor(user.role, multiplier), multiplier }
  }

  /** Whether the day's computation is running now (in any process: its state is a database row). */
  async function computing(at: Date): Promise<boolean> {
    const run = await repo.dailyRun(utcDay(at))
    return run !== null && run.status === 'running' && run.leaseUntil > at.toISOString()
  }

  async function wallet(user: Who): Promise<WalletJson> {
    const account = await repo.account(userAccount(user.id))
    const balance = account ? String(account.balance) : '0'
    const at = now()
    const claimed = await repo.transferByKey(`daily:${user.id}:${utcDay(at)}`)
    const daily = claimed ? 0n : (await dailyAmount(user, at)).amount
    return { userId: user.id, powerToken: balance, dailyPowerToken: daily.toString(), cashablePowerToken: account ? String(account.cashable) : '0', level: powerLevel(balance) }
  }

  return {
    /** GET /wallets: the user's wallet (its account is created on first use). */
    async get(user: Who): Promise<WalletJson[]> {
      return [await wallet(user)]
    },

    /** POST /wallets: creates the wallet (idempotent). */
    async create(user: Who): Promise<WalletJson> {
      await repo.createAccount(userAccount(user.id), now().toISOString())
      return wallet(user)
    },

    /** POST /wallets/refresh: recomputes level and rank from the balance. */
    async refresh(user: Who): Promise<WalletJson & { rank: number | null }> {
      await repo.createAccount(userAccount(user.id), now().toISOString())
      const w = await wallet(user)
      return { ...w, rank: w.powerToken === '0' ? null : await repo.rankOf(w.powerToken) }
    },

    /** GET claim-check: whether today's claim is open, and its amount. */
    async claimCheck(user: Who): Promise<ClaimCheckJson> {
      const at = now()
      const claimedToday = Boolean(await repo.transferByKey(`daily:${user.id}:${utcDay(at)}`))
      const busy = await computing(at)
      const { amount, multiplier } = await dailyAmount(user, at)
      const tomorrow = new Date(`${utcDay(at)}T00:00:00.000Z`).getTime() + 86_400_000
      return { claimable: !claimedToday && !busy, amount: claimedToday ? '0' : amount.toString(), multiplier, claimedToday, nextClaimAt: new Date(claimedToday ? tomorrow : at.getTime()).toISOString(), computing: busy }
    },

    /** POST claim-daily: once per user per UTC day (4000 after that), from the treasury; 4005 while the day's amounts are being computed. */
    async claimDaily(user: Who): Promise<TransactionJson> {
      const at = now()
      if (await computing(at)) throw new AppError(4005, { reason: `Today's POWER (${utcDay(at)}) is being computed; try again in a minute` })
      const { amount } = await dailyAmount(user, at)
      const { transfer, replayed } = await move({ debit: TREASURY, credit: userAccount(user.id), amount, kind: 'daily', reference: utcDay(at), idempotencyKey: `daily:${user.id}:${utcDay(at)}`, actorUserId: user.id, at: at.toISOString() })
      if (replayed) throw new AppError(4000, { reason: `Already claimed for ${utcDay(at)}` })
      return presentTransfer(transfer)
    },

    /**
     * POST tip: to a user, or to an entry's or a feed's claimed owner; a feed nobody has claimed
     * keeps it in its own account until it is claimed. 4002 when the balance is short, 4004 for
     * a target that cannot receive (oneself, an unknown user, an inbox entry), 2001/3000 unknown.
     */
    async tip(user: Who, input: { amount: bigint } & TipTarget, clientKey?: string): Promise<TransactionJson> {
      let credit: string
      let reference: string
      let tipFeedId: string | null = null
      if (input.userId) {
        if (input.userId === user.id) throw new AppError(4004, { reason: 'You cannot tip yourself' })
        if (!(await repo.userExists(input.userId))) throw new AppError(4004, { reason: 'No such user' })
        credit = userAccount(input.userId)
        reference = input.userId
      } else {
        let feedId = input.feedId
        reference = input.feedId ?? ''
        if (input.entryId) {
          const entry = await repo.entryFeed(input.entryId)
          // An inbox entry is its owner's private mail: not found, like an unknown id.
          if (!entry?.feedId) throw new AppError(3000)
          feedId = entry.feedId
          reference = entry.id
        }
        if (!feedId) throw new AppError(1002, { reason: 'entryId, feedId or userId required' })
        const feed = await repo.feedOwner(feedId)
        if (!feed) throw new AppError(2001)
        if (feed.ownerUserId === user.id) throw new AppError(4004, { reason: 'You cannot tip your own feed' })
        credit = feed.ownerUserId ? userAccount(feed.ownerUserId) : feedAccount(feed.id)
        tipFeedId = feed.id
      }
      const spec: TransferSpec = { debit: userAccount(user.id), credit, amount: input.amount, kind: 'tip', reference, idempotencyKey: requestKey('tip', user.id, clientKey), actorUserId: user.id, cashable: true }
      const { transfer } = tipFeedId ? await moveTip(spec, tipFeedId) : await move(spec)
      return presentTransfer(transfer)
    },

    /** The latest tippers of each feed (SPEC §3 tipUserIds, §7 tipUsers), one query for all the feeds. */
    async tippersOf(feedIds: string[]): Promise<Map<string, TipUserJson[]>> {
      const out = new Map<string, TipUserJson[]>()
      if (feedIds.length === 0) return out
      for (const row of await repo.feedTippers([...new Set(feedIds)], TIPPERS_PER_FEED)) {
        const list = out.get(row.feedId) ?? []
        list.push({ id: row.userId, name: row.name, handle: row.handle, image: row.image })
        out.set(row.feedId, list)
      }
      return out
    },

    /** GET transactions: the user's own (and their claimed feeds'), newest first, paged by `before`. */
    async transactions(user: Who, filter: { type?: string; fromOrToUserId?: string; createdAfter?: string; before?: string; limit?: number }): Promise<TransactionJson[]> {
      const feeds = await repo.ownedFeedIds(user.id)
      const rows = await repo.transfers({
        accountIds: [userAccount(user.id), ...feeds.map(feedAccount)],
        kind: filter.type,
        counterpartAccountId: filter.fromOrToUserId ? userAccount(filter.fromOrToUserId) : undefined,
        createdAfter: filter.createdAfter,
        before: filter.before,
        limit: Math.min(filter.limit ?? 50, 200),
      })
      return rows.map(presentTransfer)
    },

    /** GET ranking: the top holders (public profile only) and the user's own rank. */
    async ranking(user: Who): Promise<RankingJson> {
      const top = await repo.topHolders(50)
      const mine = await repo.account(userAccount(user.id))
      const balance = mine ? String(mine.balance) : '0'
      return {
        top: top.map((r, i) => ({ rank: i + 1, userId: r.userId, name: r.name, handle: r.handle, image: r.image, powerToken: r.balance, level: powerLevel(r.balance) })),
        me: { rank: balance === '0' ? null : await repo.rankOf(balance), powerToken: balance, level: powerLevel(balance) },
      }
    },

    /** GET power-price: the configured price, or null. */
    powerPrice(): { price: string | null } {
      return { price: config.POWER_PRICE ?? null }
    },

    /**
     * Credits a user from the treasury (achievements' rewards, airdrops). Rewards are not
     * withdrawable. The same idempotencyKey never pays twice: a repeat answers `replayed: true`.
     */
    async rewardUser(input: { userId: string; amount: bigint | string; reference: string; idempotencyKey: string; kind?: string }): Promise<{ transaction: TransactionJson; replayed: boolean }> {
      const amount = typeof input.amount === 'bigint' ? input.amount : BigInt(input.amount)
      const { transfer, replayed } = await move({ debit: TREASURY, credit: userAccount(input.userId), amount, kind: input.kind ?? 'reward', reference: input.reference, idempotencyKey: `reward:${input.idempotencyKey}`, actorUserId: input.userId })
      return { transaction: presentTransfer(transfer), replayed }
    },

    /**
     * The daily computation (the scheduler runs it each tick; jobs/powerDaily.ts): once per UTC
     * day, fixes every user's amount and multiplier for the day. Only one process runs a day: the
     * run is a database row taken with a lease, renewed per page; claims answer 4005 meanwhile.
     * `afterPage` lets a test hold the run in the middle.
     */
    async computeDaily(options: { at?: Date; owner?: string; afterPage?: () => Promise<void> } = {}): Promise<{ ran: boolean; users: number }> {
      const at = options.at ?? now()
      const day = utcDay(at)
      const owner = options.owner ?? newId()
      const lease = () => new Date(Date.now() + DAILY_RUN_LEASE_MS).toISOString()
      if (!(await repo.beginDailyRun(day, owner, new Date().toISOString(), lease()))) return { ran: false, users: 0 }
      const since = new Date(at.getTime() - 7 * 86_400_000).toISOString()
      let after = ''
      let users = 0
      for (;;) {
        const page = await repo.usersAfter(after, DAILY_PAGE)
        if (page.length === 0) break
        const activity = await repo.activityOf(page.map((u) => u.id), since)
        await repo.saveDailyAmounts(
          page.map((u) => {
            const a = activity.get(u.id) ?? { readingDays: 0, subscriptions: 0 }
            const multiplier = activityMultiplier(a.readingDays, a.subscriptions)
            return { day, userId: u.id, amount: amountFor(u.role, multiplier).toString(), multiplier }
          }),
        )
        users += page.length
        after = page[page.length - 1].id
        await options.afterPage?.()
        // Another process took the run over (this one stalled past its lease): leave it to them.
        if (!(await repo.extendDailyRun(day, owner, lease()))) return { ran: false, users }
      }
      await repo.finishDailyRun(day, owner, new Date().toISOString(), users)
      return { ran: true, users }
    },

    /** The ledger's invariant: every user and feed balance ≥ 0 and their sum = minted − burned; all accounts sum to 0. */
    async audit(): Promise<{ ok: boolean; minted: string; burned: string; held: string; negative: string[]; total: string }> {
      const accounts = await repo.allBalances()
      const { minted, burned } = await repo.systemFlows()
      let held = 0n
      let total = 0n
      const negative: string[] = []
      for (const a of accounts) {
        const balance = BigInt(a.balance)
        total += balance
        if (a.kind === 'user' || a.kind === 'feed') {
          held += balance
          if (balance < 0n || BigInt(a.cashable) < 0n || BigInt(a.cashable) > balance) negative.push(a.id)
        }
      }
      const treasury = BigInt(accounts.find((a) => a.id === TREASURY)?.balance ?? '0')
      const ok = negative.length === 0 && total === 0n && held === minted - burned && treasury === -minted
      return { ok, minted: minted.toString(), burned: burned.toString(), held: held.toString(), negative, total: total.toString() }
    },
  }
}

export type WalletsService = ReturnType<typeof createWalletsService>
