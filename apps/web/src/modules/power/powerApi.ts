/** The wallet calls of the /power page and the tip dialog, typed by the contract (docs/power.md). */
import { api } from '../../api/client.ts'
import type { ApiData, ApiInput } from '../../api/types.ts'

export type Wallet = ApiData<'get', '/wallets'>[number]
export type PowerTransaction = ApiData<'get', '/wallets/transactions'>[number]
export type Ranking = ApiData<'get', '/wallets/ranking'>
export type ClaimCheck = ApiData<'get', '/wallets/transactions/claim-check'>
export type TipInput = ApiInput<'post', '/wallets/transactions/tip'>

/** Query keys: everything under ['power'] is refetched after a money move. */
export const powerKeys = {
  all: ['power'] as const,
  wallet: ['power', 'wallet'] as const,
  claimCheck: ['power', 'claim-check'] as const,
  transactions: ['power', 'transactions'] as const,
  ranking: ['power', 'ranking'] as const,
}

export async function fetchWallet(): Promise<Wallet | null> {
  return (await api.get('/wallets', {}))[0] ?? null
}

export const fetchClaimCheck = () => api.get('/wallets/transactions/claim-check', {})
export const fetchTransactions = () => api.get('/wallets/transactions', { limit: 50 })
export const fetchRanking = () => api.get('/wallets/ranking', {})
export const claimDaily = () => api.post('/wallets/transactions/claim-daily', {})

/** A tip; the Idempotency-Key makes a retried click harmless (the same key never moves money twice). */
export const sendTip = (input: TipInput, key: string) => api.post('/wallets/transactions/tip', input, { headers: { 'Idempotency-Key': key } })
