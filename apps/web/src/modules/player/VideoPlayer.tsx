/**
 * The inline video player (SPEC §2 Player): its own controls over the picture — play/pause,
 * a progress bar that can be dragged, mute and volume, the time, download and full screen.
 * The box is the "video-player" focus region: while it (or one of its controls) has focus,
 * Space plays/pauses, ←/→ seek 5 s (clamped to 0 and the duration), m mutes, d downloads and
 * f toggles full screen; a double-click on the picture toggles full screen too. Keys typed in
 * form fields are never taken. A video playing with sound pauses the corner audio player and
 * lets it resume afterwards (videoSound.ts).
 *
 * Load it through LazyVideoPlayer: it (and the Slider) stay out of the first route.
 */
import { formatClock } from '@brook/shared/format'
import { Slider } from 'radix-ui'
import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DownloadIcon, MaximizeIcon, PauseIcon, PlayIcon, VolumeIcon, VolumeOffIcon } from '../../components/moreIcons.tsx'
import { isTypingTarget } from '../shortcuts/focusRegions.ts'
import { SEEK_STEP_S } from './usePlayerStore.ts'
import { claimSound, releaseSound } from './videoSound.ts'

export const DEFAULT_VIDEO_VOLUME = 0.8
/** Controls fade out after this long without the mouse moving while the video plays. */
const IDLE_MS = 2500
/** A click waits this long for a second one (double-click = full screen, not play + pause). */
const CLICK_DELAY_MS = 220
const DEFAULT_RATIO = 16 / 9

export interface VideoPlayerProps {
  src: string
  poster?: string | null
  /** Width / height of the box (the `ratio` query parameter); else the video's own, once known. */
  ratio?: number | null
  /** CSS max-height of the box outside full screen; 80vh unless told. */
  maxHeight?: string
  className?: string
}

/** Exit full screen, in the style of moreIcons.tsx (kept here: only the player, a lazy chunk, uses it). */
function MinimizeIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M8 3v3a2 2 0 0 1-2 2H3M21 8h-3a2 2 0 0 1-2-2V3M3 16h3a2 2 0 0 1 2 2v3M16 21v-3a2 2 0 0 1 2-2h3" />
    </svg>
  )
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n))

/** The file name offered for a download: the last path segment, or "video". */
function fileNameOf(src: string): string {
  try {
    return decodeURIComponent(new URL(src, 'http://x').pathname.split('/').pop() || '') || 'video'
  } catch {
    return 'video'
  }
}

// The reader's typography styles every <video> in entry content (margins, auto height, rounded
// corners); inline styles keep the player's picture filling its box.
const VIDEO_STYLE: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', margin: 0, maxWidth: 'none', borderRadius: 0, objectFit: 'contain' }

export function VideoPlayer({ src, poster, ratio, maxHeight = '80vh', className = '' }: VideoPlayerProps) {
  const { t } = useTranslation('entry')
  const boxRef = useRef<HTMLDivElement>(null)
  const videoRef = useRef<HTMLVideoElement>(null)
  const downloadRef = useRef<HTMLAnchorElement>(null)
  const clickTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const [owner] = useState(() => ({ src }))
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const [volume, setVolumeState] = useState(DEFAULT_VIDEO_VOLUME)
  const [muted, setMuted] = useState(false)
  const [fullscreen, setFullscreen] = useState(false)
  const [idle, setIdle] = useState(false)
  const [failed, setFailed] = useState(false)
  const [naturalRatio, setNaturalRatio] = useState<number | null>(null)

  const onMetadata = useCallback((v: HTMLVideoElement) => {
    setDuration(Number.isFinite(v.duration) ? v.duration : 0)
    if (v.videoWidth > 0 && v.videoHeight > 0) setNaturalRatio(v.videoWidth / v.videoHeight)
  }, [])

  // The element starts at the default volume; the corner player gets its sound back when we go.
  useEffect(() => {
    const v = videoRef.current
    if (v) {
      v.volume = DEFAULT_VIDEO_VOLUME
      // React makes the element before it commits (a lazy or concurrent render): metadata that
      // arrived in between reached no mounted component, so read it now.
      if (v.readyState >= 1) onMetadata(v)
    }
    return () => releaseSound(owner)
  }, [owner, onMetadata])

  useEffect(() => {
    const onChange = () => setFullscreen(!!boxRef.current && document.fullscreenElement === boxRef.current)
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [])

  useEffect(() => () => (clearTimeout(clickTimer.current), clearTimeout(idleTimer.current)), [])

  /** Claims or gives back the sound, whichever the element's state says. */
  const syncSound = useCallback(() => {
    const v = videoRef.current
    if (v && !v.paused && !v.ended && !v.muted && v.volume > 0) claimSound(owner)
    else releaseSound(owner)
  }, [owner])

  const wake = useCallback(() => {
    setIdle(false)
    clearTimeout(idleTimer.current)
    idleTimer.current = setTimeout(() => setIdle(true), IDLE_MS)
  }, [])

  const togglePlay = useCallback(() => {
    const v = videoRef.current
    if (!v) return
    if (v.paused || v.ended) void Promise.resolve(v.play()).catch(() => setPlaying(false))
    else v.pause()
  }, [])

  const seekTo = useCallback((seconds: number) => {
    const v = videoRef.current
    if (!v) return
    const end = Number.isFinite(v.duration) && v.duration > 0 ? v.duration : Number.POSITIVE_INFINITY
    const next = clamp(seconds, 0, end)
    v.currentTime = next
    setTime(next)
  }, [])

  const seekBy = useCallback((delta: number) => seekTo((videoRef.current?.currentTime ?? 0) + delta), [seekTo])

  const setVolume = useCallback((value: number) => {
    const v = videoRef.current
    if (!v) return
    v.volume = clamp(value, 0, 1)
    if (value > 0 && v.muted) v.muted = false
  }, [])

  const toggleMute = useCallback(() => {
    const v = videoRef.current
    if (!v) return
    if (v.muted || v.volume === 0) {
      v.muted = false
      if (v.volume === 0) v.volume = DEFAULT_VIDEO_VOLUME
    } else v.muted = true
  }, [])

  const toggleFullscreen = useCallback(() => {
    const box = boxRef.current
    if (!box) return
    if (document.fullscreenElement) {
      void Promise.resolve(document.exitFullscreen?.()).catch(() => undefined)
      return
    }
    if (box.requestFullscreen) {
      void Promise.resolve(box.requestFullscreen()).catch(() => undefined)
      return
    }
    // iOS Safari: only the video element itself can go full screen.
    ;(videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null)?.webkitEnterFullscreen?.()
  }, [])

  const download = useCallback(() => downloadRef.current?.click(), [])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing || isTypingTarget(e.target)) return
    const onControl = e.target !== e.currentTarget && e.target instanceof Element && !!e.target.closest('button, a[href]')
    switch (e.key) {
      case ' ':
        // Space on a button is the button's own (activation).
        if (onControl) return
        togglePlay()
        break
      case 'ArrowLeft':
        seekBy(-SEEK_STEP_S)
        break
      case 'ArrowRight':
        seekBy(SEEK_STEP_S)
        break
      case 'm':
      case 'M':
        toggleMute()
        break
      case 'd':
      case 'D':
        download()
        break
      case 'f':
      case 'F':
        toggleFullscreen()
        break
      default:
        return
    }
    // Handled here: the reader does not scroll and the app's hotkeys do not run.
    e.preventDefault()
    wake()
  }

  const onVideoClick = () => {
    clearTimeout(clickTimer.current)
    clickTimer.current = setTimeout(togglePlay, CLICK_DELAY_MS)
  }
  const onVideoDoubleClick = () => {
    clearTimeout(clickTimer.current)
    toggleFullscreen()
  }

  const showControls = !playing || !idle
  const shownVolume = muted ? 0 : volume
  const boxStyle: CSSProperties | undefined = fullscreen ? undefined : { aspectRatio: ratio ?? naturalRatio ?? DEFAULT_RATIO, maxHeight }
  const playLabel = playing ? t('video.pause') : t('video.play')
  const muteLabel = muted || volume === 0 ? t('video.unmute') : t('video.mute')
  const fullscreenLabel = fullscreen ? t('video.exitFullscreen') : t('video.fullscreen')
  const controlButton = 'flex size-8 shrink-0 items-center justify-center rounded-md text-white/90 outline-none hover:bg-white/15 hover:text-white focus-visible:ring-2 focus-visible:ring-white/70'

  return (
    // The player is one focusable control group (SPEC §2 focus region video-player): Space, ←/→, m,
    // d, f act on it while it has focus, and each of its buttons is reachable on its own too.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <div
      ref={boxRef}
      data-testid="video-player"
      data-video-player=""
      data-focus-region="video-player"
      data-playing={playing}
      data-fullscreen={fullscreen}
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- the player group takes focus for its keys
      tabIndex={0}
      role="group"
      aria-label={t('video.player')}
      aria-keyshortcuts="Space ArrowLeft ArrowRight M D F"
      className={`group relative w-full overflow-hidden bg-black outline-none select-none focus-visible:ring-2 focus-visible:ring-accent ${fullscreen ? 'h-full' : 'rounded-xl'} ${playing && idle ? 'cursor-none' : ''} ${className}`}
      style={boxStyle}
      onKeyDown={onKeyDown}
      onMouseMove={wake}
      onMouseLeave={() => setIdle(true)}
      onPointerDown={(e) => {
        // A press on the progress track (which keeps focus where it was) still gives the player the keys.
        if (!e.currentTarget.contains(document.activeElement)) e.currentTarget.focus({ preventScroll: true })
      }}
    >
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- feeds give video without captions */}
      <video
        ref={videoRef}
        src={src}
        poster={poster ?? undefined}
        preload="metadata"
        playsInline
        style={VIDEO_STYLE}
        onClick={onVideoClick}
        onDoubleClick={onVideoDoubleClick}
        onPlay={() => {
          setPlaying(true)
          setFailed(false)
          syncSound()
          wake()
        }}
        onPause={() => {
          setPlaying(false)
          syncSound()
        }}
        onEnded={() => {
          setPlaying(false)
          syncSound()
        }}
        onVolumeChange={(e) => {
          setVolumeState(e.currentTarget.volume)
          setMuted(e.currentTarget.muted)
          syncSound()
        }}
        onLoadedMetadata={(e) => onMetadata(e.currentTarget)}
        onDurationChange={(e) => onMetadata(e.currentTarget)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onError={() => setFailed(true)}
      />

      {failed ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/70 p-4 text-center text-[13px] text-white/90" data-testid="video-failed">
          <span>{t('video.failed')}</span>
          <a href={src} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-white">
            {t('video.openOriginal')}
          </a>
        </div>
      ) : (
        !playing && (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden
            onClick={togglePlay}
            className="absolute top-1/2 left-1/2 flex size-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white shadow-lg backdrop-blur-sm transition-transform hover:scale-105 hover:bg-accent"
          >
            <PlayIcon size={22} className="translate-x-px" />
          </button>
        )
      )}

      <div
        data-testid="video-controls"
        className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 via-black/35 to-transparent px-3 pt-10 pb-1.5 text-white transition-opacity duration-200 group-focus-visible:opacity-100 group-has-[:focus-visible]:opacity-100 ${showControls ? 'opacity-100' : 'opacity-0'}`}
      >
        <Slider.Root
          className="relative flex h-4 w-full cursor-pointer touch-none items-center"
          min={0}
          max={duration > 0 ? duration : 1}
          step={0.01}
          value={[Math.min(time, duration > 0 ? duration : 1)]}
          disabled={!(duration > 0)}
          onValueChange={([value]) => seekTo(value)}
          onKeyDown={(e) => {
            // On the progress bar the arrows seek by the player's step, not by 0.01 s.
            if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
              e.preventDefault()
              seekBy(e.key === 'ArrowLeft' ? -SEEK_STEP_S : SEEK_STEP_S)
              wake()
            }
          }}
        >
          <Slider.Track className="relative h-1 grow overflow-hidden rounded-full bg-white/30 transition-[height] group-hover:h-1.5">
            <Slider.Range className="absolute h-full rounded-full bg-accent" />
          </Slider.Track>
          <Slider.Thumb
            aria-label={t('video.progress')}
            aria-valuetext={`${formatClock(time)} / ${formatClock(duration)}`}
            className="block size-3 rounded-full bg-white shadow outline-none focus-visible:ring-2 focus-visible:ring-white/70"
          />
        </Slider.Root>

        <div className="mt-0.5 flex items-center gap-1">
          <button type="button" data-testid="video-play" aria-label={playLabel} title={`${playLabel} (Space)`} onClick={togglePlay} className={controlButton}>
            {playing ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
          </button>
          <button type="button" data-testid="video-mute" aria-label={muteLabel} title={`${muteLabel} (m)`} onClick={toggleMute} className={controlButton}>
            {shownVolume === 0 ? <VolumeOffIcon size={16} /> : <VolumeIcon size={16} />}
          </button>
          <Slider.Root className="relative flex h-4 w-20 shrink-0 cursor-pointer touch-none items-center" min={0} max={1} step={0.01} value={[shownVolume]} onValueChange={([value]) => setVolume(value)}>
            <Slider.Track className="relative h-1 grow overflow-hidden rounded-full bg-white/30">
              <Slider.Range className="absolute h-full rounded-full bg-white" />
            </Slider.Track>
            <Slider.Thumb aria-label={t('video.volume')} className="block size-2.5 rounded-full bg-white shadow outline-none focus-visible:ring-2 focus-visible:ring-white/70" />
          </Slider.Root>
          <span className="ml-2 text-[12px] text-white/85 tabular-nums" data-testid="video-time">
            {formatClock(time)} / {formatClock(duration)}
          </span>
          <span className="flex-1" />
          <a ref={downloadRef} href={src} download={fileNameOf(src)} target="_blank" rel="noopener noreferrer" aria-label={t('video.download')} title={`${t('video.download')} (d)`} className={controlButton}>
            <DownloadIcon size={16} />
          </a>
          <button type="button" data-testid="video-fullscreen" aria-label={fullscreenLabel} title={`${fullscreenLabel} (f)`} onClick={toggleFullscreen} className={controlButton}>
            {fullscreen ? <MinimizeIcon size={16} /> : <MaximizeIcon size={16} />}
          </button>
        </div>
      </div>
    </div>
  )
}
