/**
 * Withdrawals (docs/power.md): two-factor required (4008 without a code, 4007 wrong), from the
 * user's withdrawable balance (4002) or a claimed feed's (4003). The money leaves for the burn
 * account at once and a pending withdrawal is recorded in the same transaction; a settlement
 * adapter pays it out. The default adapter is manual: an operator marks it paid.
 */
import { newId } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { BURN, feedAccount, InsufficientFunds, userAccount } from './ledger.ts'
import type { WalletsRepo, WithdrawalRow } from './repo.ts'
import { totpMatches } from './twoFactorCheck.ts'

export type WithdrawalJson = { id: string; userId: string; amount: string; feedId: string | null; address: string | null; status: string; transferId: string; createdAt: string; settledAt: string | null }

/** Where a payment or chain integration plugs in: told about each new withdrawal. */
export interface SettlementAdapter {
  readonly name: string
  submit(withdrawal: WithdrawalJson): Promise<void>
}

/** The default: nothing leaves by itself; an operator pays and marks the withdrawal paid. */
export const manualSettlement: SettlementAdapter = { name: 'manual', submit: async () => {} }

const present = (row: WithdrawalRow): WithdrawalJson => ({ id: row.id, userId: row.userId, amount: String(row.amount), feedId: row.feedId, address: row.address, status: row.status, transferId: row.transferId, createdAt: row.createdAt, settledAt: row.settledAt })

export function createWithdrawalsService(deps: { repo: WalletsRepo; authSecret: string; settlement?: SettlementAdapter }) {
  const { repo, authSecret } = deps
  const settlement = deps.settlement ?? manualSettlement
  return {
    async withdraw(user: { id: string }, input: { amount: bigint; address?: string; feedId?: string; TOTPCode?: string }, clientKey?: string): Promise<WithdrawalJson> {
      let debit = userAccount(user.id)
      if (input.feedId) {
        const feed = await repo.feedOwner(input.feedId)
        if (!feed) throw new AppError(2001)
        if (feed.ownerUserId !== user.id) throw new AppError(1004, { reason: 'Only the owner of a claimed feed withdraws from it' })
        debit = feedAccount(feed.id)
      }
      const secret = await repo.twoFactorSecret(user.id)
      if (!input.TOTPCode) throw new AppError(4008, { reason: secret ? undefined : 'Turn on two-factor authentication in Settings → Profile first' })
      if (!secret) throw new AppError(4008, { reason: 'Turn on two-factor authentication in Settings → Profile first' })
      if (!(await totpMatches(secret, authSecret, input.TOTPCode))) throw new AppError(4007)
      const at = new Date().toISOString()
      try {
        const { transfer } = await repo.transferWith(
          { debit, credit: BURN, amount: input.amount, kind: 'withdraw', reference: input.address ?? null, idempotencyKey: clientKey ? `withdraw:${user.id}:${clientKey}` : `withdraw:${newId()}`, actorUserId: user.id, fromCashable: true, at },
          { table: 'withdrawals', values: { id: newId(), userId: user.id, feedId: input.feedId ?? null, amount: input.amount.toString(), address: input.address ?? null, status: 'pending', createdAt: at, settledAt: null } },
        )
        const row = await repo.withdrawalByTransfer(transfer.id)
        if (!row) throw new Error(`withdrawal of transfer ${transfer.id} missing`)
        const json = present(row)
        await settlement.submit(json)
        return json
      } catch (error) {
        if (error instanceof InsufficientFunds) throw new AppError(input.feedId ? 4003 : 4002, { reason: 'The withdrawable part of the balance is smaller (rewards are not withdrawable)' })
        throw error
      }
    },

    /** The withdrawals of a status, oldest first (the route is for admins). */
    async queue(status: 'pending' | 'paid' | 'rejected'): Promise<WithdrawalJson[]> {
      return (await repo.withdrawalsByStatus(status, 200)).map(present)
    },

    /**
     * Admins mark a pending withdrawal paid (after paying it out) or rejected (refunded from burn,
     * withdrawable again). Settling again to the same status answers it unchanged; to the other, 4.
     */
    async settle(id: string, status: 'paid' | 'rejected'): Promise<WithdrawalJson> {
      const result = await repo.settleWithdrawal(id, status, new Date().toISOString())
      if (!result) throw new AppError(6, { reason: `no withdrawal ${id}` })
      if (!result.changed && result.row.status !== status) throw new AppError(4, { reason: `The withdrawal is already ${result.row.status}` })
      return present(result.row)
    },

    async list(user: { id: string }): Promise<WithdrawalJson[]> {
      return (await repo.withdrawals(user.id)).map(present)
    },
  }
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>
