/**
 * The floating audio player (bottom-left, above the sidebar foot): artwork, title, play/pause,
 * ±5 s, progress, volume, speed and close. It owns the <audio> element, saves the time every
 * second and starts playback only for the newest request (SPEC §4 Player).
 */
import { formatClock } from '@brook/shared/format'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon, VolumeIcon, VolumeOffIcon, XIcon } from '../../components/moreIcons.tsx'
import { SEEK_STEP_S, usePlayerStore } from './usePlayerStore.ts'

const RATES = [0.75, 1, 1.25, 1.5, 2]

export function CornerPlayer({ docked = false }: { docked?: boolean }) {
  const { t } = useTranslation('entry')
  const ref = useRef<HTMLAudioElement>(null)
  const s = usePlayerStore()
  const lastAction = useRef(-1)

  // Follow the store: source, play/pause, seeks.
  useEffect(() => {
    const audio = ref.current
    if (!audio || !s.src || s.action === lastAction.current) return
    lastAction.current = s.action
    if (audio.getAttribute('src') !== s.src) audio.src = s.src
    if (Math.abs(audio.currentTime - s.currentTime) > 1) audio.currentTime = s.currentTime
    if (s.status === 'loading') {
      const action = s.action
      audio.play().then(
        () => usePlayerStore.getState().action === action && usePlayerStore.getState().report({ status: 'playing' }),
        () => usePlayerStore.getState().action === action && usePlayerStore.getState().report({ status: 'paused' }),
      )
    } else if (s.status === 'paused') audio.pause()
  }, [s.action, s.src, s.status, s.currentTime])

  useEffect(() => {
    if (ref.current) {
      ref.current.volume = s.volume
      ref.current.muted = s.isMute
      ref.current.playbackRate = s.playbackRate
    }
  }, [s.volume, s.isMute, s.playbackRate])

  // Save the time every second while playing.
  useEffect(() => {
    if (s.status !== 'playing') return
    const timer = setInterval(() => ref.current && usePlayerStore.getState().report({ currentTime: ref.current.currentTime }), 1000)
    return () => clearInterval(timer)
  }, [s.status])

  // Feeds give audio without captions (a transcript, when there is one, is an attachment of the entry).
  // eslint-disable-next-line jsx-a11y-x/media-has-caption
  if (!s.show || !s.src) return <audio ref={ref} preload="none" hidden />
  const progress = s.duration > 0 ? (s.currentTime / s.duration) * 100 : 0
  return (
    <div data-testid="corner-player" className={`fixed z-40 rounded-2xl ${docked ? 'bottom-[124px] left-3 w-[232px]' : 'bottom-4 left-4 w-[min(300px,calc(100vw-2rem))]'} border border-zinc-200/80 bg-white/95 p-3 shadow-xl shadow-zinc-900/10 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95 dark:shadow-black/40`}>
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- no captions in feeds, as above */}
      <audio
        ref={ref}
        preload="metadata"
        onLoadedMetadata={(e) => s.report({ duration: e.currentTarget.duration })}
        onEnded={() => s.report({ status: 'paused' })}
        onPause={() => usePlayerStore.getState().status === 'playing' && s.report({ status: 'paused' })}
        onTimeUpdate={(e) => Math.abs(e.currentTarget.currentTime - usePlayerStore.getState().currentTime) > 0.9 && s.report({ currentTime: e.currentTarget.currentTime })}
      />
      <div className="flex items-center gap-3">
        {s.image ? <img src={s.image} alt="" className="size-10 shrink-0 rounded-lg object-cover" referrerPolicy="no-referrer" /> : <div className="size-10 shrink-0 rounded-lg bg-gradient-to-br from-purple-400 to-fuchsia-500" />}
        <div className="min-w-0 flex-1">
          <div className="truncate text-[13px] font-medium">{s.title}</div>
          <div className="truncate text-xs text-zinc-500">{s.source}</div>
        </div>
        <button type="button" aria-label={t('player.close')} onClick={s.close} className="flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-900/5 hover:text-zinc-700 dark:hover:bg-white/10">
          <XIcon size={14} />
        </button>
      </div>
      <input
        type="range"
        aria-label={t('player.progress')}
        min={0}
        max={s.duration || 0}
        step={0.01}
        value={s.currentTime}
        onChange={(e) => s.seek(Number(e.target.value))}
        className="mt-3 h-1 w-full cursor-pointer accent-[var(--color-accent)]"
        style={{ backgroundSize: `${progress}% 100%` }}
      />
      <div className="mt-1 flex items-center justify-between text-[11px] text-zinc-500 tabular-nums">
        <span>{formatClock(s.currentTime)}</span>
        <span>{formatClock(s.duration)}</span>
      </div>
      <div className="mt-1 flex items-center justify-between">
        <button type="button" aria-label={s.isMute ? t('player.unmute') : t('player.mute')} onClick={() => s.setMute(!s.isMute)} className="flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-900/5 dark:hover:bg-white/10">
          {s.isMute ? <VolumeOffIcon size={16} /> : <VolumeIcon size={16} />}
        </button>
        <div className="flex items-center gap-1">
          <button type="button" aria-label={t('player.back', { seconds: SEEK_STEP_S })} onClick={() => s.seekBy(-SEEK_STEP_S)} className="flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-900/5 dark:text-zinc-300 dark:hover:bg-white/10">
            <SkipBackIcon size={16} />
          </button>
          <button type="button" aria-label={s.status === 'paused' ? t('player.play') : t('player.pause')} onClick={s.toggle} className="flex size-10 items-center justify-center rounded-full bg-accent text-white shadow-sm hover:bg-accent-strong">
            {s.status === 'paused' ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
          </button>
          <button type="button" aria-label={t('player.forward', { seconds: SEEK_STEP_S })} onClick={() => s.seekBy(SEEK_STEP_S)} className="flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-900/5 dark:text-zinc-300 dark:hover:bg-white/10">
            <SkipForwardIcon size={16} />
          </button>
        </div>
        <button type="button" aria-label={t('player.speed')} onClick={() => s.setPlaybackRate(RATES[(RATES.indexOf(s.playbackRate) + 1) % RATES.length])} className="h-8 w-10 rounded-md text-[12px] font-medium text-zinc-500 tabular-nums hover:bg-zinc-900/5 dark:hover:bg-white/10">
          {s.playbackRate}×
        </button>
      </div>
    </div>
  )
}
