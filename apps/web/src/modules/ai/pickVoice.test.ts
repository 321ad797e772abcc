import { describe, expect, it } from 'vitest'
import { pickVoice } from './pickVoice.ts'

// The voices Chrome on Windows and on Linux (speech-dispatcher) list, by name and language.
const chromeWindows = [
  { name: 'Microsoft David - English (United States)', lang: 'en-US' },
  { name: 'Microsoft Andrew Online (Natural) - English (United States)', lang: 'en-US' },
  { name: 'Microsoft Xiaoxiao Online (Natural) - Chinese (Mainland)', lang: 'zh-CN' },
  { name: 'Google 日本語', lang: 'ja-JP' },
  { name: 'Google US English', lang: 'en-US', default: true },
]

describe('pickVoice', () => {
  it('takes the voice named in the setting when the browser has it', () => {
    expect(pickVoice(chromeWindows, 'Google 日本語', 'en')?.name).toBe('Google 日本語')
  })

  it('finds the same voice family for the Edge-style default name in the entry language', () => {
    expect(pickVoice(chromeWindows, 'en-US-AndrewMultilingualNeural', 'en-GB')?.name).toBe('Microsoft Andrew Online (Natural) - English (United States)')
  })

  it('falls back to a voice in the entry language', () => {
    expect(pickVoice(chromeWindows, 'en-US-AndrewMultilingualNeural', 'zh-TW')?.lang).toBe('zh-CN')
    expect(pickVoice(chromeWindows, 'en-US-AndrewMultilingualNeural', 'ja')?.name).toBe('Google 日本語')
  })

  it('among many voices of the language (espeak-ng through speech-dispatcher), the region of the entry or of the setting', () => {
    const espeak = [
      { name: 'Afrikaans espeak-ng', lang: 'af', default: true },
      { name: 'English (Caribbean) espeak-ng', lang: 'en-029' },
      { name: 'English (Great Britain) espeak-ng', lang: 'en-GB' },
      { name: 'English (America)+Andy espeak-ng', lang: 'en-US' },
      { name: 'English (America) espeak-ng', lang: 'en-US' },
    ]
    expect(pickVoice(espeak, 'en-US-AndrewMultilingualNeural', 'en')?.name).toBe('English (America)+Andy espeak-ng')
    expect(pickVoice(espeak, 'en-US-AndrewMultilingualNeural', 'en-GB')?.name).toBe('English (Great Britain) espeak-ng')
    expect(pickVoice(espeak, 'en-US-AndrewMultilingualNeural', null)?.lang).toBe('en-US')
  })

  it('with no voice of that language: the browser default; with no voices at all: none', () => {
    expect(pickVoice(chromeWindows, 'en-US-AndrewMultilingualNeural', 'fi')?.name).toBe('Google US English')
    expect(pickVoice([], 'x', 'en')).toBeNull()
  })
})
