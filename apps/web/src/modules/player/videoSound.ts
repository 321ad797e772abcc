/**
 * Video and the corner player take turns (SPEC §2 Player): a video that starts playing with
 * sound pauses the audio that is playing, and the audio resumes once no video with sound plays
 * any more (paused, ended, muted or gone). If the person touched the audio player in between
 * (played, paused or sought: the store's `action` moved on), it is theirs again and is left alone.
 */
import { usePlayerStore } from './usePlayerStore.ts'

const holders = new Set<object>()
/** The store's action right after we paused the audio; null when we paused nothing. */
let pausedAt: number | null = null

/** A video (any object standing for it) plays with sound now. */
export function claimSound(owner: object): void {
  holders.add(owner)
  const player = usePlayerStore.getState()
  if (player.src && player.status !== 'paused') {
    player.pause()
    pausedAt = usePlayerStore.getState().action
  }
}

/** That video is silent again (paused, ended, muted, unmounted). */
export function releaseSound(owner: object): void {
  if (!holders.delete(owner) || holders.size > 0 || pausedAt === null) return
  const player = usePlayerStore.getState()
  const untouched = player.action === pausedAt
  pausedAt = null
  if (untouched && player.src && player.status === 'paused') player.play()
}
