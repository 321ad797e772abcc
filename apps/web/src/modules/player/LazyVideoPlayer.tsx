/**
 * The video player, loaded with the first video shown (with its strings, which live with the
 * on-demand screens'): until then a black box of the same size holds its place.
 */
import { lazy, Suspense } from 'react'
import { ensurePages } from '../../i18n/index.ts'
import type { VideoPlayerProps } from './VideoPlayer.tsx'

const VideoPlayer = lazy(() => Promise.all([import('./VideoPlayer.tsx'), ensurePages()]).then(([m]) => ({ default: m.VideoPlayer })))

export function LazyVideoPlayer(props: VideoPlayerProps) {
  return (
    <Suspense fallback={<div className={`w-full rounded-xl bg-black ${props.className ?? ''}`} style={{ aspectRatio: props.ratio ?? 16 / 9, maxHeight: props.maxHeight ?? '80vh' }} />}>
      <VideoPlayer {...props} />
    </Suspense>
  )
}
