/**
 * Purchase receipts (referrals' verify-receipt, auth's subscription/restore) are checked by a
 * pluggable verifier. Brook sells nothing itself, so the default verifier accepts no receipt and
 * says so; an instance that sells plans points RECEIPT_VERIFIER_URL at its own verification
 * service (which talks to the app stores or its payment provider). Wire protocol:
 *
 *   POST <url>  {"receipt": "...", "platform": "ios" | "android" | "web" | null, "userId": "...", "purpose": "referral" | "restore"}
 *   200         {"valid": true, "transactionId": "...", "productId": "...", "expiresAt": "<ISO>" | null}
 *            or {"valid": false, "reason": "..."}
 */
import { z } from 'zod'
import { AppError } from '../../lib/appError.ts'

export type ReceiptInput = { receipt: string; platform: string | null; userId: string; purpose: 'referral' | 'restore' }
export type VerifiedReceipt = { transactionId: string; productId: string; expiresAt: string | null }

export interface ReceiptVerifier {
  /** True when receipts can be accepted at all on this instance. */
  readonly configured: boolean
  /** The verified purchase; throws 1002 (refused, with the verifier's reason) or 1005 (verifier unreachable). */
  verify(input: ReceiptInput): Promise<VerifiedReceipt>
}

/** The default: no receipt is ever accepted, and the answer says why. */
export const noReceiptVerifier: ReceiptVerifier = {
  configured: false,
  async verify() {
    throw new AppError(1002, { reason: 'This instance verifies no purchase receipts (no receipt verifier is configured)' })
  },
}

const Answer = z.union([
  z.object({ valid: z.literal(true), transactionId: z.string().min(1).max(200), productId: z.string().min(1).max(200), expiresAt: z.string().datetime({ offset: true }).nullable().optional() }),
  z.object({ valid: z.literal(false), reason: z.string().max(500).optional() }),
])

/** A verifier that asks the instance owner's verification service over HTTP (protocol above). */
export function httpReceiptVerifier(url: string, timeoutMs = 10_000): ReceiptVerifier {
  return {
    configured: true,
    async verify(input) {
      let body: unknown
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(input),
          signal: AbortSignal.timeout(timeoutMs),
        })
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        body = await response.json()
      } catch (error) {
        throw new AppError(1005, { reason: `The receipt verifier did not answer: ${error instanceof Error ? error.message : String(error)}` })
      }
      const answer = Answer.safeParse(body)
      if (!answer.success) throw new AppError(1005, { reason: 'The receipt verifier gave an answer Brook does not understand' })
      if (!answer.data.valid) throw new AppError(1002, { reason: answer.data.reason ? `Receipt refused: ${answer.data.reason}` : 'Receipt refused' })
      return { transactionId: answer.data.transactionId, productId: answer.data.productId, expiresAt: answer.data.expiresAt ? new Date(answer.data.expiresAt).toISOString() : null }
    },
  }
}
