import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ensurePages } from '../../i18n/index.ts'
import { EntryContent } from '../entry/EntryContent.tsx'
import { usePlayerStore } from './usePlayerStore.ts'
import { VideoPlayer } from './VideoPlayer.tsx'

// jsdom plays no media and has no full screen or ResizeObserver (the Slider measures its thumb):
// the browser APIs are stubbed here, in the test only.
const elementProto = HTMLElement.prototype as unknown as Record<string, unknown>

function setPaused(video: HTMLMediaElement, paused: boolean) {
  Object.defineProperty(video, 'paused', { value: paused, configurable: true })
}

function setup(ui = <VideoPlayer src="https://media.example/films/clip.mp4" />) {
  const view = render(ui)
  const player = screen.getByTestId('video-player')
  const video = player.querySelector('video')!
  Object.defineProperty(video, 'duration', { value: 12, configurable: true })
  fireEvent.loadedMetadata(video)
  act(() => player.focus())
  return { ...view, player, video }
}

const press = (target: Element, key: string) => fireEvent.keyDown(target, { key })

describe('VideoPlayer', () => {
  let requestFullscreen: ReturnType<typeof vi.fn>

  beforeAll(async () => {
    await ensurePages('en')
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver
  })

  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      setPaused(this, false)
      this.dispatchEvent(new Event('play'))
      return Promise.resolve()
    })
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      setPaused(this, true)
      this.dispatchEvent(new Event('pause'))
    })
    requestFullscreen = vi.fn(() => Promise.resolve())
    elementProto.requestFullscreen = requestFullscreen
    usePlayerStore.setState({ src: null, status: 'paused', show: false, currentTime: 0, duration: 0 })
  })

  afterEach(() => {
    vi.restoreAllMocks()
    delete elementProto.requestFullscreen
  })

  it('shows its own controls, not the browser’s', () => {
    const { player, video } = setup()
    expect(video.hasAttribute('controls')).toBe(false)
    expect(player.getAttribute('data-focus-region')).toBe('video-player')
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy()
    expect(screen.getByRole('slider', { name: 'Progress' }).getAttribute('aria-valuemax')).toBe('12')
    expect(screen.getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuenow')).toBe('0.8')
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('clip.mp4')
    expect(screen.getByTestId('video-time').textContent).toBe('0:00 / 0:12')
  })

  it('reads metadata that arrived before it mounted', () => {
    const media = HTMLMediaElement.prototype
    const saved = (['readyState', 'duration'] as const).map((k) => [k, Object.getOwnPropertyDescriptor(media, k)!] as const)
    Object.defineProperty(media, 'readyState', { configurable: true, get: () => 1 })
    Object.defineProperty(media, 'duration', { configurable: true, get: () => 42 })
    try {
      render(<VideoPlayer src="https://media.example/films/clip.mp4" />)
      expect(screen.getByTestId('video-time').textContent).toBe('0:00 / 0:42')
    } finally {
      for (const [k, d] of saved) Object.defineProperty(media, k, d)
    }
  })

  it('Space plays and pauses; the key is taken from the reader and the app’s hotkeys', () => {
    const { player, video } = setup()
    expect(press(player, ' ')).toBe(false) // default prevented: no scroll, no hotkey
    expect(video.play).toHaveBeenCalledTimes(1)
    expect(video.paused).toBe(false)
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy()
    press(player, ' ')
    expect(video.pause).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy()
  })

  it('Space on one of its buttons is that button’s, not play', () => {
    const { video } = setup()
    const mute = screen.getByRole('button', { name: 'Mute' })
    expect(press(mute, ' ')).toBe(true)
    expect(video.play).not.toHaveBeenCalled()
  })

  it('the arrows seek 5 seconds, clamped at 0 and the duration', () => {
    const { player, video } = setup()
    press(player, 'ArrowRight')
    expect(video.currentTime).toBe(5)
    expect(screen.getByTestId('video-time').textContent).toBe('0:05 / 0:12')
    press(player, 'ArrowRight')
    press(player, 'ArrowRight')
    expect(video.currentTime).toBe(12)
    press(player, 'ArrowLeft')
    expect(video.currentTime).toBe(7)
    press(player, 'ArrowLeft')
    press(player, 'ArrowLeft')
    expect(video.currentTime).toBe(0)
  })

  it('the arrows on the progress bar seek by the same 5 seconds', () => {
    const { video } = setup()
    const progress = screen.getByRole('slider', { name: 'Progress' })
    press(progress, 'ArrowRight')
    expect(video.currentTime).toBe(5)
    expect(progress.getAttribute('aria-valuenow')).toBe('5')
    press(progress, 'ArrowLeft')
    expect(video.currentTime).toBe(0)
  })

  it('m mutes and unmutes; the volume slider sets the volume (and unmutes)', () => {
    const { player, video } = setup()
    expect(video.volume).toBe(0.8)
    press(player, 'm')
    expect(video.muted).toBe(true)
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy()
    expect(screen.getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuenow')).toBe('0')
    press(player, 'm')
    expect(video.muted).toBe(false)
    expect(screen.getByRole('button', { name: 'Mute' })).toBeTruthy()

    const volume = screen.getByRole('slider', { name: 'Volume' })
    press(volume, 'ArrowLeft')
    expect(video.volume).toBeCloseTo(0.79)
    expect(video.currentTime).toBe(0) // the slider's arrow, not a seek
    press(player, 'm')
    press(volume, 'End')
    expect(video.volume).toBe(1)
    expect(video.muted).toBe(false)
    press(volume, 'Home')
    expect(video.volume).toBe(0)
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy()
  })

  it('f and a double-click ask for full screen on the player; d downloads the file', () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const { player, video } = setup()
    press(player, 'f')
    expect(requestFullscreen).toHaveBeenCalledTimes(1)
    expect(requestFullscreen.mock.contexts[0]).toBe(player)
    fireEvent.doubleClick(video)
    expect(requestFullscreen).toHaveBeenCalledTimes(2)
    press(player, 'd')
    expect(click).toHaveBeenCalledTimes(1)
    const anchor = click.mock.contexts[0] as HTMLAnchorElement
    expect(anchor.href).toBe('https://media.example/films/clip.mp4')
    expect(anchor.download).toBe('clip.mp4')
  })

  it('a single click on the picture plays; a double-click does not also play', () => {
    vi.useFakeTimers()
    try {
      const { video } = setup()
      fireEvent.click(video)
      act(() => vi.advanceTimersByTime(300))
      expect(video.play).toHaveBeenCalledTimes(1)
      fireEvent.click(video)
      fireEvent.click(video)
      fireEvent.doubleClick(video)
      act(() => vi.advanceTimersByTime(300))
      expect(video.pause).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('keys are ignored in form fields and when the player does not have focus', () => {
    const { player, video } = setup(
      <div>
        <input aria-label="Search" />
        <VideoPlayer src="https://media.example/films/clip.mp4" />
      </div>,
    )
    const field = screen.getByRole('textbox', { name: 'Search' })
    act(() => field.focus())
    for (const key of [' ', 'ArrowRight', 'm', 'f', 'd']) expect(press(field, key)).toBe(true)
    // Even a field inside the player's box keeps its keys.
    const inner = document.createElement('textarea')
    player.appendChild(inner)
    for (const key of [' ', 'ArrowRight', 'm', 'f']) expect(press(inner, key)).toBe(true)
    press(document.body, ' ')
    expect(video.play).not.toHaveBeenCalled()
    expect(video.currentTime).toBe(0)
    expect(video.muted).toBe(false)
    expect(requestFullscreen).not.toHaveBeenCalled()
  })

  describe('and the corner audio player', () => {
    const audio = () => usePlayerStore.setState({ src: 'https://pod.example/ep1.mp3', listId: 'e1', show: true, status: 'playing' })

    it('a video with sound pauses the audio, which resumes when the video pauses', () => {
      audio()
      const { player } = setup()
      press(player, ' ')
      expect(usePlayerStore.getState().status).toBe('paused')
      press(player, ' ')
      expect(usePlayerStore.getState().status).toBe('loading') // asked to play again
    })

    it('…when the video ends', () => {
      audio()
      const { player, video } = setup()
      press(player, ' ')
      expect(usePlayerStore.getState().status).toBe('paused')
      Object.defineProperty(video, 'ended', { value: true, configurable: true })
      setPaused(video, true)
      fireEvent.ended(video)
      expect(usePlayerStore.getState().status).toBe('loading')
    })

    it('…and when the player goes away', () => {
      audio()
      const { player, unmount } = setup()
      press(player, ' ')
      expect(usePlayerStore.getState().status).toBe('paused')
      unmount()
      expect(usePlayerStore.getState().status).toBe('loading')
    })

    it('a muted video leaves the audio playing; unmuting it pauses the audio', () => {
      audio()
      const { player } = setup()
      press(player, 'm')
      press(player, ' ')
      expect(usePlayerStore.getState().status).toBe('playing')
      press(player, 'm')
      expect(usePlayerStore.getState().status).toBe('paused')
    })

    it('audio the person paused or restarted meanwhile is left alone', () => {
      audio()
      const { player } = setup()
      press(player, ' ')
      usePlayerStore.getState().seek(30) // touched the corner player
      press(player, ' ')
      expect(usePlayerStore.getState().status).toBe('paused')
    })

    it('nothing to resume when no audio was playing', () => {
      usePlayerStore.setState({ src: 'https://pod.example/ep1.mp3', show: true, status: 'paused' })
      const { player } = setup()
      press(player, ' ')
      press(player, ' ')
      expect(usePlayerStore.getState().status).toBe('paused')
    })
  })
})

describe('videos in entry content', () => {
  it('markdown .mp4/.webm images and <video> elements become the player, sized by ?ratio=', async () => {
    render(<EntryContent cacheKey="video-test" baseUrl="https://blog.example/post" html={'<p>Intro</p><p><img src="/clips/a.mp4?ratio=1:1"></p><video src="https://cdn.example/b.webm" poster="https://cdn.example/b.jpg" controls></video>'} />)
    const players = await screen.findAllByTestId('video-player')
    expect(players).toHaveLength(2)
    expect(players[0].querySelector('video')!.getAttribute('src')).toBe('https://blog.example/clips/a.mp4?ratio=1:1')
    expect(players[0].style.aspectRatio).toMatch(/^1( \/ 1)?$/)
    expect(players[1].querySelector('video')!.getAttribute('poster')).toBe('https://cdn.example/b.jpg')
    expect(screen.getByTestId('entry-content').querySelectorAll('video[controls]')).toHaveLength(0)
  })
})
