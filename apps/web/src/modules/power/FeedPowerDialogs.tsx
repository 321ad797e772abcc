/** The feed dialogs of POWER (boost, claim), opened from the subscription menu. */
import { BoostDialog } from './BoostDialog.tsx'
import { ClaimFeedDialog } from './ClaimFeedDialog.tsx'
import { useFeedPowerStore } from './feedPowerStore.ts'

export function FeedPowerDialogs() {
  const dialog = useFeedPowerStore((s) => s.dialog)
  const close = useFeedPowerStore((s) => s.close)
  if (!dialog) return null
  const key = `${dialog.kind}:${dialog.feedId}`
  return dialog.kind === 'boost' ? <BoostDialog key={key} feedId={dialog.feedId} name={dialog.name} onClose={close} /> : <ClaimFeedDialog key={key} feedId={dialog.feedId} name={dialog.name} onClose={close} />
}
