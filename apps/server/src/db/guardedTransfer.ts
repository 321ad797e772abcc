/**
 * The SQL of one ledger transfer on PostgreSQL as a single statement (wallets/ledger.ts
 * transferOnPostgres holds the rules and docs/power.md "Speed" the reasons): lock both accounts in
 * id order — only when both exist —, debit only if the key is unused and the balance (or its
 * withdrawable part) covers the amount, credit only if the debit happened, write the transfer only
 * if both did. Answers the new transfer's id (null when nothing was written) and how many of the
 * two accounts were locked.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database, LedgerTransfersTable } from './schema.ts'

export type GuardedTransfer = {
  /** The two account ids in id order (the lock order). */
  first: string
  second: string
  debit: string
  credit: string
  /** Smallest units, decimal digits. */
  amount: string
  /** The debit is the treasury or burn: no balance guard, its withdrawable part unchanged. */
  systemDebit: boolean
  /** Taken from the debit's withdrawable part ('0' unless a withdrawal). */
  fromCashable: string
  /** Added to the credit's withdrawable part ('0' for rewards). */
  creditCashable: string
  at: string
  transfer: Selectable<LedgerTransfersTable>
}

export async function guardedTransfer(db: Kysely<Database>, t: GuardedTransfer): Promise<{ moved: string | null; accounts: number }> {
  const { transfer } = t
  const result = await sql<{ moved: string | null; accounts: number }>`
    with present as (
      select count(*) as n from ledger_accounts where id in (${t.first}, ${t.second})
    ), locked as (
      select id from ledger_accounts where id in (${t.first}, ${t.second}) and (select n from present) = 2 order by id for update
    ), debited as (
      update ledger_accounts
      set balance = balance - ${t.amount}::numeric,
          cashable = case when ${t.systemDebit} then cashable else least(cashable - ${t.fromCashable}::numeric, balance - ${t.amount}::numeric) end,
          "updatedAt" = ${t.at}
      where id = ${t.debit}
        and (select count(*) from locked) = 2
        and not exists (select 1 from ledger_transfers where "idempotencyKey" = ${transfer.idempotencyKey})
        and (${t.systemDebit} or (balance >= ${t.amount}::numeric and cashable >= ${t.fromCashable}::numeric))
      returning id
    ), credited as (
      update ledger_accounts
      set balance = balance + ${t.amount}::numeric, cashable = cashable + ${t.creditCashable}::numeric, "updatedAt" = ${t.at}
      where id = ${t.credit} and exists (select 1 from debited)
      returning id
    ), inserted as (
      insert into ledger_transfers (id, "debitAccountId", "creditAccountId", amount, kind, reference, "idempotencyKey", "actorUserId", "createdAt")
      select ${transfer.id}, ${transfer.debitAccountId}, ${transfer.creditAccountId}, ${t.amount}::numeric, ${transfer.kind}, ${transfer.reference}, ${transfer.idempotencyKey}, ${transfer.actorUserId}, ${t.at}
      where exists (select 1 from credited)
      returning id
    )
    select (select id from inserted) as moved, (select count(*) from locked) as accounts`.execute(db)
  return result.rows[0] ?? { moved: null, accounts: 0 }
}
