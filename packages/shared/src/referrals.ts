/** Referrals (SPEC §1, §7): the numbers both the server and the web app show. */

/** Days of the Pro preview trial (`pre_pro_trial`) a new account gets when it signs up by a referral. */
export const REFERRAL_TRIAL_DAYS = 45

/** Pro preview days the referrer earns for each account that signs up by their code. */
export const REFERRAL_SIGNUP_DAYS = 7

/** Pro preview days the referrer earns, once per referred account, when its purchase is verified. */
export const REFERRAL_PURCHASE_DAYS = 30

/** The header the web app sends a stored referral code in, on auth calls (SPEC §7). */
export const REFERRAL_HEADER = 'x-referral-code'

/** A referral code as people type or paste it: letters and digits, any case, spaces around ignored. */
export function normalizeReferralCode(input: string): string | null {
  const code = input.trim().toUpperCase()
  return /^[A-Z0-9]{4,32}$/.test(code) ? code : null
}
