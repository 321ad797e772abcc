/** The stored referral code (SPEC §3 client storage) changes: the sign-up page's banner listens. */
const listeners = new Set<() => void>()

export function subscribeReferral(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Tells the listeners the stored referral code was set or removed. */
export function referralChanged(): void {
  for (const listener of listeners) listener()
}
