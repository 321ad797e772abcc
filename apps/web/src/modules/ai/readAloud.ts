/**
 * The toolbar's `tts` action (issue 10, SPEC §2 "text-to-speech"): when the server has a speech
 * model (AI status `tts: 'provider'`), the entry comes back as audio from GET /ai/speech and the
 * corner player plays it; otherwise the browser's speech synthesis reads it with the general
 * `voice` (pickVoice.ts), with pause/resume/stop in the small speech player.
 */
import { create } from 'zustand'
import { api } from '../../api/client.ts'
import { isApiError } from '../../api/ApiError.ts'
import { toastError } from '../../api/toastError.ts'
import { usePlayerStore } from '../player/usePlayerStore.ts'
import type { Entry } from '../../store/types.ts'
import { pickVoice } from './pickVoice.ts'

type SpeechState = { entryId: string | null; title: string; status: 'idle' | 'speaking' | 'paused' }

export const useSpeechStore = create<SpeechState>(() => ({ entryId: null, title: '', status: 'idle' }))

/** Plain text of entry HTML, one paragraph a line. */
function plainText(html: string | null): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return [...doc.body.querySelectorAll('p, li, h1, h2, h3, h4, blockquote, pre')].map((el) => el.textContent?.trim() ?? '').filter(Boolean).join('\n') || (doc.body.textContent ?? '').trim()
}

/** Pieces short enough that Chrome does not cut an utterance off (about 15 s each at most). */
export function speechPieces(text: string, max = 220): string[] {
  const out: string[] = []
  for (const paragraph of text.split(/\n+/)) {
    const sentences = paragraph.match(/[^.!?。！？]+[.!?。！？]*\s*/g) ?? [paragraph]
    let piece = ''
    for (const s of sentences) {
      if (piece && piece.length + s.length > max) {
        out.push(piece.trim())
        piece = ''
      }
      piece += s
    }
    if (piece.trim()) out.push(piece.trim())
  }
  return out
}

async function ttsMode(): Promise<'provider' | 'browser'> {
  try {
    return (await api.get('/ai/status')).features.tts
  } catch {
    return 'browser'
  }
}

/**
 * The browser's voices. Chrome lists them asynchronously — on Linux through speech-dispatcher, which
 * can take seconds for espeak-ng's thousands — so the app asks once at start-up (`warmVoices`) and
 * here waits for them (voiceschanged, or a look every 250 ms) up to 10 s, then reads with the
 * browser's default voice.
 */
function voicesOf(synth: SpeechSynthesis): Promise<SpeechSynthesisVoice[]> {
  const now = synth.getVoices()
  if (now.length) return Promise.resolve(now)
  return new Promise((resolve) => {
    const started = Date.now()
    const check = () => {
      const voices = synth.getVoices()
      if (!voices.length && Date.now() - started < 10_000) return
      clearInterval(timer)
      synth.removeEventListener('voiceschanged', check)
      resolve(voices)
    }
    const timer = setInterval(check, 250)
    synth.addEventListener('voiceschanged', check)
  })
}

/** Asks the browser for its voices early, so they are listed by the time an entry is read aloud. */
export function warmVoices(): void {
  if (typeof window !== 'undefined' && typeof window.speechSynthesis !== 'undefined') window.speechSynthesis.getVoices()
}

async function speakInBrowser(entry: Entry, voiceSetting: string) {
  const synth = window.speechSynthesis
  synth.cancel()
  useSpeechStore.setState({ entryId: entry.id, title: entry.title ?? '', status: 'speaking' })
  const voices = await voicesOf(synth)
  // Stopped (or another entry started) while the voices were coming.
  if (useSpeechStore.getState().entryId !== entry.id) return
  const voice = pickVoice(voices, voiceSetting, entry.language)
  const pieces = speechPieces([entry.title ?? '', plainText(entry.content ?? entry.description)].filter(Boolean).join('\n'))
  pieces.forEach((text, i) => {
    const u = new SpeechSynthesisUtterance(text)
    if (voice) u.voice = voice as SpeechSynthesisVoice
    u.lang = voice?.lang ?? entry.language ?? document.documentElement.lang ?? 'en'
    if (i === pieces.length - 1) u.onend = () => useSpeechStore.getState().entryId === entry.id && useSpeechStore.setState({ entryId: null, status: 'idle' })
    u.onerror = (e) => {
      if (e.error !== 'interrupted' && e.error !== 'canceled') useSpeechStore.setState({ entryId: null, status: 'idle' })
    }
    synth.speak(u)
  })
}

export const speechControls = {
  pause() {
    window.speechSynthesis.pause()
    useSpeechStore.setState({ status: 'paused' })
  },
  resume() {
    window.speechSynthesis.resume()
    useSpeechStore.setState({ status: 'speaking' })
  },
  stop() {
    window.speechSynthesis.cancel()
    useSpeechStore.setState({ entryId: null, status: 'idle' })
  },
}

/** Reads the entry aloud, or stops when it is the one being read. */
export async function readAloud(entry: Entry, voiceSetting: string): Promise<void> {
  if (useSpeechStore.getState().entryId === entry.id) {
    speechControls.stop()
    return
  }
  if ((await ttsMode()) === 'browser') {
    if (typeof window.speechSynthesis === 'undefined') return
    await speakInBrowser(entry, voiceSetting)
    return
  }
  try {
    const audio = await api.get('/ai/speech', { id: entry.id, voice: voiceSetting }, { responseType: 'blob', timeoutMs: 90_000 })
    const previous = usePlayerStore.getState().src
    if (previous?.startsWith('blob:')) URL.revokeObjectURL(previous)
    usePlayerStore.getState().play({ src: URL.createObjectURL(audio), entryId: entry.id, title: entry.title ?? '', source: 'AI' })
  } catch (error) {
    if (isApiError(error) && typeof error.code === 'number') toastError(error)
  }
}
