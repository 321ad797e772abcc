/**
 * Text-to-speech with the browser's own speech synthesis (issue 10), in headless Chromium with real
 * voices (speech-dispatcher + espeak-ng, e2e/support/speech.ts). The engine is the browser's, outside
 * the app: the test records what the app asked of `window.speechSynthesis` (an init script wraps
 * speak/pause/resume/cancel and passes every call through) and what the engine reported back (each
 * utterance's start and end events), and looks at the speech player. The provider path
 * (AI_TTS_MODEL, /audio/speech, the corner player) is in e2e/aiChat.test.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, openPage, screenshot } from './support/browser.ts'
import { launchSpeakingBrowser } from './support/speech.ts'
import { startServer, type BrookServer } from './support/server.ts'

const PARAGRAPHS = [
  'The city council voted on Tuesday to turn the old rail yard on the east bank of the river into a public park, ending a dispute that has lasted almost a decade.',
  'Under the plan approved this week, the city will buy the land and spend another 30 million over five years to clean the soil and plant trees.',
]
const LONG = Array.from({ length: 100 }, (_, i) => `Paragraph ${i + 1} of the long report says the ferry crews worked through the winter and kept every crossing on time.`)

type Spoken = { text: string; voice: string | null; voiceLang: string | null; lang: string; events: string[] }
type Recorded = { spoken: Spoken[]; calls: string[]; voices: number }

/** The parts of the page's speech API the recorder touches (the e2e project has no DOM types). */
type Utterance = { text: string; lang: string; voice: { name: string; lang: string } | null; addEventListener(type: string, listener: (event: { error?: string }) => void): void }
type Synth = { speak(u: Utterance): void; pause(): void; resume(): void; cancel(): void; getVoices(): unknown[] }
type PageGlobals = { speechSynthesis: Synth; __speech: Omit<Recorded, 'voices'> }

/** Runs in the page before the app: records the app's calls and the engine's events, changing nothing. */
function recordSpeech() {
  const page = globalThis as unknown as PageGlobals
  const synth = page.speechSynthesis
  const record: Omit<Recorded, 'voices'> = { spoken: [], calls: [] }
  page.__speech = record
  const speak = synth.speak.bind(synth)
  synth.speak = (u: Utterance) => {
    const item: Spoken = { text: u.text, voice: u.voice?.name ?? null, voiceLang: u.voice?.lang ?? null, lang: u.lang, events: [] }
    record.spoken.push(item)
    record.calls.push('speak')
    for (const type of ['start', 'end', 'error', 'pause', 'resume']) u.addEventListener(type, (e) => item.events.push(type === 'error' ? `error:${e.error}` : type))
    speak(u)
  }
  for (const name of ['pause', 'resume', 'cancel'] as const) {
    const original = synth[name].bind(synth)
    synth[name] = () => {
      record.calls.push(name)
      original()
    }
  }
}

describeBrowser('AI text-to-speech in the browser', () => {
  let feeds: FeedFarm
  let server: BrookServer
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    feeds = await startFeedFarm()
    feeds.setFeed('/city.xml', {
      title: 'City Desk',
      entries: [
        { id: 'park', title: 'Council turns the rail yard into a park', url: `${feeds.origin}/park`, content: PARAGRAPHS.map((p) => `<p>${p}</p>`).join(''), published: new Date() },
        { id: 'ferry', title: 'The long ferry report', url: `${feeds.origin}/ferry`, content: LONG.map((p) => `<p>${p}</p>`).join(''), published: new Date(Date.now() - 3_600_000) },
      ],
    })
    // No AI provider: the status says tts 'browser'.
    server = await startServer()
    browser = await launchSpeakingBrowser()
    ;({ context, page } = await openPage(browser, { viewport: { width: 1440, height: 900 } }))
    await context.addInitScript(recordSpeech)
    const email = `tts+${Date.now()}@example.com`
    expect((await page.request.post(`${server.url}/api/auth/sign-up/email`, { data: { email, password: 'correct horse battery', name: 'Ada' }, headers: { origin: server.url } })).status()).toBe(200)
    expect((await page.request.post(`${server.url}/api/subscriptions`, { data: { url: feeds.url('/city.xml'), view: 0 }, headers: { origin: server.url } })).status()).toBe(200)
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `ai-tts-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await context?.close().catch(() => undefined)
    await browser?.close()
    await server?.stop()
    await feeds?.close()
  })

  const recorded = () =>
    page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals
      return { ...g.__speech, voices: g.speechSynthesis.getVoices().length } as Recorded
    })

  async function openEntry(title: string, firstWords: string) {
    await page.goto(`${server.url}/timeline/view-0/all/pending`)
    await page.locator('[data-testid="entry-item"]', { hasText: title }).click()
    await page.getByTestId('entry-content').getByText(firstWords).first().waitFor({ timeout: 30_000 })
  }

  async function readAloud() {
    await page.getByTestId('toolbar-more').click()
    await page.getByRole('menuitem', { name: 'Text to speech' }).click()
  }

  it('reads the entry with a real voice of its language: the title, then the paragraphs, each utterance spoken to its end', async () => {
    await openEntry('Council turns the rail yard into a park', 'The city council voted')
    // The app asked for the voices at start-up; speech-dispatcher lists espeak-ng's thousands within seconds.
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).speechSynthesis.getVoices().length > 0, undefined, { timeout: 60_000 })
    await readAloud()
    // The engine is real: it lists voices, starts and ends every utterance the app gave it.
    await expect.poll(async () => (await recorded()).spoken.length, { timeout: 30_000 }).toBeGreaterThan(0)
    await expect.poll(async () => (await recorded()).spoken.every((s) => s.events.includes('end')), { timeout: 60_000 }).toBe(true)
    const { spoken, voices } = await recorded()
    expect(voices).toBeGreaterThan(0)
    expect(spoken.map((s) => s.text).join(' ')).toBe(['Council turns the rail yard into a park', ...PARAGRAPHS].join(' '))
    // The general voice (en-US-AndrewMultilingualNeural) is an Edge name: the nearest voice in the entry's language, US English.
    expect(new Set(spoken.map((s) => s.voiceLang))).toEqual(new Set(['en-US']))
    expect(spoken[0].voice).toMatch(/espeak-ng/)
    expect(spoken.every((s) => s.events[0] === 'start' && !s.events.some((e) => e.startsWith('error')))).toBe(true)
    // Done reading: the speech player goes away by itself.
    await page.getByTestId('speech-player').waitFor({ state: 'detached', timeout: 30_000 })
  })

  it('the speech player pauses, resumes and stops a long entry', async () => {
    await openEntry('The long ferry report', 'Paragraph 1 of the long report')
    const before = (await recorded()).calls.length
    await readAloud()
    const player = page.getByTestId('speech-player')
    await player.waitFor({ timeout: 30_000 })
    expect(await player.innerText()).toContain('The long ferry report')
    await screenshot(page, 'ai-tts-01-speech-player')
    await player.getByTestId('speech-toggle').click()
    await page.locator('[data-testid="speech-player"][data-status="paused"]').waitFor()
    await player.getByTestId('speech-toggle').click()
    await page.locator('[data-testid="speech-player"][data-status="speaking"]').waitFor()
    await player.getByTestId('speech-stop').click()
    await player.waitFor({ state: 'detached' })
    const { calls, spoken } = await recorded()
    // Asked of the browser, in order: cancel what was being read, queue the pieces, pause, resume, cancel.
    const asked = calls.slice(before).filter((c, i, all) => c !== 'speak' || all[i - 1] !== 'speak')
    expect(asked).toEqual(['cancel', 'speak', 'pause', 'resume', 'cancel'])
    const pieces = spoken.filter((s) => s.text.includes('ferry') || s.text.startsWith('Paragraph'))
    expect(pieces.length).toBeGreaterThan(5)
    expect(pieces.every((s) => s.text.length <= 240)).toBe(true)
    // Stopped before the end: the engine did not read the last piece to its end.
    expect(pieces.at(-1)?.events.includes('end')).toBe(false)
  })
})
