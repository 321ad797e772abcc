/**
 * The ledger's one write (docs/power.md): a transfer between two accounts, inside the caller's
 * transaction, so another noun (a paid list subscription, a feed claim) can move money and its
 * own rows atomically. Amounts are bigint in code, decimal strings in rows, never floats.
 *
 * Concurrency: both accounts are locked in id order before anything is read (PostgreSQL
 * `FOR UPDATE` inside the one statement of transferOnPostgres; SQLite transactions are
 * `BEGIN IMMEDIATE`, one writer), then the idempotency key is looked up — so a second request
 * with the same key waits for the first and then sees its transfer — then the balances are
 * checked and written. The CHECK constraints of 0008 are the
 * floor under this: a negative user or feed balance cannot be stored on either database.
 */
import type { Selectable } from 'kysely'
import { newId } from '@brook/shared'
import type { LedgerTransfersTable } from '../../db/schema.ts'
import { isSqliteDb, type Db } from '../../db/transactions.ts'
import { guardedTransfer } from '../../db/guardedTransfer.ts'

export type TransferRow = Selectable<LedgerTransfersTable>

export const TREASURY = 'treasury'
export const BURN = 'burn'
export const userAccount = (userId: string) => `user:${userId}`
export const feedAccount = (feedId: string) => `feed:${feedId}`

/** The account id's owner: `{kind: 'user', id}` for `user:<id>`, and so on. */
export function accountOwner(accountId: string): { kind: 'user' | 'feed' | 'treasury' | 'burn'; id: string | null } {
  if (accountId.startsWith('user:')) return { kind: 'user', id: accountId.slice(5) }
  if (accountId.startsWith('feed:')) return { kind: 'feed', id: accountId.slice(5) }
  return { kind: accountId === BURN ? 'burn' : 'treasury', id: null }
}

/** The debit account does not hold enough (of its balance, or of its cashable part). */
export class InsufficientFunds extends Error {
  readonly accountId: string
  readonly cashableOnly: boolean
  constructor(accountId: string, cashableOnly: boolean) {
    super(`${accountId} holds less than the amount${cashableOnly ? ' in withdrawable funds' : ''}`)
    this.name = 'InsufficientFunds'
    this.accountId = accountId
    this.cashableOnly = cashableOnly
  }
}

export type TransferSpec = {
  debit: string
  credit: string
  amount: bigint
  kind: string
  reference?: string | null
  /** The same key never moves money twice: a second call answers the first transfer. */
  idempotencyKey: string
  actorUserId?: string | null
  /** Take the amount from the withdrawable part only (withdrawals). */
  fromCashable?: boolean
  /** The credited amount becomes withdrawable (tips, paid lists), unlike rewards. */
  cashable?: boolean
  at?: string
}

export type TransferResult = { transfer: TransferRow; replayed: boolean }

/** Creates the account of a user or feed if it does not exist yet (system accounts always do). */
export async function ensureAccount(trx: Db, accountId: string, at: string): Promise<void> {
  const owner = accountOwner(accountId)
  if (owner.kind === 'treasury' || owner.kind === 'burn') return
  await trx
    .insertInto('ledger_accounts')
    .values({ id: accountId, kind: owner.kind, ownerId: owner.id, balance: '0', cashable: '0', createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

/** The transfer recorded under an idempotency key, if any. */
export async function transferByKey(trx: Db, idempotencyKey: string): Promise<TransferRow | null> {
  return (await trx.selectFrom('ledger_transfers').selectAll().where('idempotencyKey', '=', idempotencyKey).executeTakeFirst()) ?? null
}

const isSystem = (accountId: string) => accountId === TREASURY || accountId === BURN

/**
 * Two requests with the same idempotency key raced on PostgreSQL: the other one's transfer
 * committed while this statement ran, and the key's unique index refused ours. The transaction
 * is spoiled; run it again (inTransaction does) and it finds the other's transfer.
 */
export class IdempotencyRace extends Error {
  /** Read by inTransaction: worth running the whole transaction again. */
  readonly retryTransaction = true
  constructor(key: string) {
    super(`a concurrent transfer took the idempotency key ${key}`)
    this.name = 'IdempotencyRace'
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505'

/**
 * Moves `amount` from `debit` to `credit`, inside the caller's transaction, or alone (PostgreSQL:
 * one statement is atomic by itself). Throws InsufficientFunds when a user or feed account would
 * go below zero; the caller's transaction then rolls back whole.
 */
export async function transferFunds(trx: Db, spec: TransferSpec): Promise<TransferResult> {
  if (spec.amount <= 0n) throw new RangeError('a transfer moves a positive amount')
  if (spec.debit === spec.credit) throw new RangeError('a transfer needs two accounts')
  return isSqliteDb(trx) ? transferOnSqlite(trx, spec) : transferOnPostgres(trx, spec)
}

/** The transfer row of a spec, made at `at` (both databases' transfers write the same row). */
function transferRow(spec: TransferSpec, at: string): TransferRow {
  return {
    id: newId(),
    debitAccountId: spec.debit,
    creditAccountId: spec.credit,
    amount: spec.amount.toString(),
    kind: spec.kind,
    reference: spec.reference ?? null,
    idempotencyKey: spec.idempotencyKey,
    actorUserId: spec.actorUserId ?? null,
    createdAt: at,
}
}

/**
 * PostgreSQL: the whole transfer is ONE statement (one round trip instead of seven): lock both
 * accounts in id order (only when both exist — else nothing is locked, the missing one is created
 * and the statement runs again), then a guarded UPDATE of the debit (only if both accounts exist, the key
 * is unused and the balance — or its withdrawable part — covers the amount), the credit only if
 * the debit happened, and the transfer row only if both did. When nothing was written, a few
 * reads say why: the key was used (replay), an account is missing (create it, try again), or
 * the balance is short (InsufficientFunds). A same-key transfer committed meanwhile makes the
 * unique index refuse ours: alone, we read it back; in a transaction, IdempotencyRace.
 */
async function transferOnPostgres(trx: Db, spec: TransferSpec): Promise<TransferResult> {
  const at = spec.at ?? new Date().toISOString()
  const transfer = transferRow(spec, at)
  const amount = spec.amount.toString()
  const systemDebit = isSystem(spec.debit)
  const fromCashable = spec.fromCashable && !systemDebit ? amount : '0'
  const creditCashable = spec.cashable && !isSystem(spec.credit) ? amount : '0'
  const [first, second] = [spec.debit, spec.credit].sort()
  const statement = () =>
    guardedTransfer(trx, { first, second, debit: spec.debit, credit: spec.credit, amount, systemDebit, fromCashable, creditCashable, at, transfer })
  for (let attempt = 0; ; attempt++) {
    let row: { moved: string | null; accounts: number } | undefined
    try {
      row = await statement()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      if (trx.isTransaction) throw new IdempotencyRace(spec.idempotencyKey)
      const existing = await transferByKey(trx, spec.idempotencyKey)
      if (existing) return { transfer: existing, replayed: true }
      throw error
    }
    if (row?.moved) return { transfer, replayed: false }
    if (Number(row?.accounts ?? 0) < 2) {
      // An account seen for the first time: create both (no-ops when they exist) and go again.
      // Nothing was locked (the lock waits for both to exist), and new rows are inserted in id
      // order: two transfers creating the same accounts cannot wait on each other in a cycle.
      if (attempt > 0) throw new Error(`ledger account missing: ${spec.debit} or ${spec.credit}`)
      await ensureAccount(trx, first, at)
      await ensureAccount(trx, second, at)
      continue
    }
    // Both accounts were there and locked: the key was used, or the balance is short.
    const existing = await transferByKey(trx, spec.idempotencyKey)
    if (existing) return { transfer: existing, replayed: true }
    throw new InsufficientFunds(spec.debit, Boolean(spec.fromCashable))
  }
}

/**
 * SQLite (one writer; group commit, db/groupCommit.ts): read both accounts, refuse when short,
 * write both and the transfer. Amounts are decimal text there, so the arithmetic is bigint here.
 */
async function transferOnSqlite(trx: Db, spec: TransferSpec): Promise<TransferResult> {
  const at = spec.at ?? new Date().toISOString()

  // Lock both rows in id order (no deadlock between two opposite transfers). An account seen for
  // the first time is created first and the rows read again (most transfers skip the inserts).
  const ids = [spec.debit, spec.credit].sort()
  const query = trx.selectFrom('ledger_accounts').select(['id', 'balance', 'cashable']).where('id', 'in', ids).orderBy('id')
  let rows = await query.execute()
  if (rows.length < 2) {
    await ensureAccount(trx, spec.debit, at)
    await ensureAccount(trx, spec.credit, at)
    rows = await query.execute()
  }
  const existing = await transferByKey(trx, spec.idempotencyKey)
  if (existing) return { transfer: existing, replayed: true }

  const debit = rows.find((r) => r.id === spec.debit)
  const credit = rows.find((r) => r.id === spec.credit)
  if (!debit || !credit) throw new Error(`ledger account missing: ${!debit ? spec.debit : spec.credit}`)

  const debitBalance = BigInt(debit.balance) - spec.amount
  let debitCashable = BigInt(debit.cashable)
  if (!isSystem(spec.debit)) {
    if (spec.fromCashable) {
      if (debitCashable < spec.amount) throw new InsufficientFunds(spec.debit, true)
      debitCashable -= spec.amount
    }
    if (debitBalance < 0n) throw new InsufficientFunds(spec.debit, false)
    // Spending takes the rewards first; what is left withdrawable never exceeds the balance.
    if (debitCashable > debitBalance) debitCashable = debitBalance
  }
  const creditBalance = BigInt(credit.balance) + spec.amount
  const creditCashable = BigInt(credit.cashable) + (spec.cashable && !isSystem(spec.credit) ? spec.amount : 0n)

  await trx.updateTable('ledger_accounts').set({ balance: debitBalance.toString(), cashable: debitCashable.toString(), updatedAt: at }).where('id', '=', spec.debit).execute()
  await trx.updateTable('ledger_accounts').set({ balance: creditBalance.toString(), cashable: creditCashable.toString(), updatedAt: at }).where('id', '=', spec.credit).execute()
  const transfer = transferRow(spec, at)
  await trx.insertInto('ledger_transfers').values(transfer).execute()
  return { transfer, replayed: false }
}
