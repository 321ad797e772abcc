/** The wallet calls of the /power page and the tip dialog, typed by the contract (docs/power.md). */
import { api } from '../../api/client.ts'
import { ANALYTICS_EVENTS, type AnalyticsEventCode } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'
import type { ApiData, ApiInput } from '../../api/types.ts'

export type Wallet = ApiData<'get', '/wallets'>[number]
export type PowerTransaction = ApiData<'get', '/wallets/transactions'>[number]
export type Ranking = ApiData<'get', '/wallets/ranking'>
export type ClaimCheck = ApiData<'get', '/wallets/transactions/claim-check'>
export type TipInput = ApiInput<'post', '/wallets/transactions/tip'>

/** Query keys: everything under ['power'] is refetched after a money move. */
/** Passes an answer on after sending its SPEC §3 analytics event (the action succeeded). */
const tracked =
  (code: AnalyticsEventCode) =>
  <T,>(answer: T): T => {
    analytics.track(code)
    return answer
  }

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
export const claimDaily = () => api.post('/wallets/transactions/claim-daily', {}).then(tracked(ANALYTICS_EVENTS.dailyRewardClaimed))

/** A tip; the Idempotency-Key makes a retried click harmless (the same key never moves money twice). */
export const sendTip = (input: TipInput, key: string) => api.post('/wallets/transactions/tip', input, { headers: { 'Idempotency-Key': key } }).then(tracked(ANALYTICS_EVENTS.tipSent))

export type BoostStatus = ApiData<'get', '/boosts'>
export type ClaimMessage = ApiData<'post', '/feeds/claim/message'>
export type Airdrop = ApiData<'get', '/wallets/airdrop'>[number]
export type WithdrawInput = ApiInput<'post', '/wallets/transactions/withdraw'>

export const boostKeys = { status: (feedId: string) => ['power', 'boost', feedId] as const }
export const airdropKeys = ['power', 'airdrops'] as const

export const fetchBoostStatus = (feedId: string) => api.get('/boosts', { feedId })
/** A boost; one key per dialog, so a retried click never burns twice. */
export const sendBoost = (feedId: string, amount: string, key: string) => api.post('/boosts', { feedId, amount }, { headers: { 'Idempotency-Key': key } }).then(tracked(ANALYTICS_EVENTS.boostSent))
export const fetchClaimMessage = (feedId: string) => api.post('/feeds/claim/message', { feedId })
export const fetchAirdrops = () => api.get('/wallets/airdrop', {})
export const claimAirdrop = (airdropId: string, key: string) => api.post('/wallets/airdrop', { airdropId }, { headers: { 'Idempotency-Key': key } })
export const sendWithdraw = (input: WithdrawInput, key: string) => api.post('/wallets/transactions/withdraw', input, { headers: { 'Idempotency-Key': key } })
