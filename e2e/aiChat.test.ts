/**
 * The AI chat panel in Chromium (issue 10): with the loopback OpenAI-compatible provider an answer
 * streams in after the model used the search tool (shown), survives a reload (local tables and the
 * server), a shortcut chip sends its prompt and the shortcut as an entry action asks about the entry; with no provider the panel says what to configure;
 * a role without chat gets the 15001 toast and a spent budget the 15000 toast.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { contentText, startFakeAiProvider, type FakeAiProvider } from '../apps/server/src/test/fakeAiProvider.ts'
import { describeBrowser, launchBrowser, openPage, screenshot } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

const ARTICLE = [
  'The city council voted on Tuesday to turn the old rail yard on the east bank of the river into a public park, ending a dispute that has lasted almost a decade.',
  'Under the plan approved this week, the city will buy the land and spend another 30 million over five years to clean the soil and plant trees.',
].map((p) => `<p>${p}</p>`).join('')

/** A model's markdown answer, with raw HTML a page must never run. */
const MARKDOWN_ANSWER = [
  '**Three things** happened at the rail yard:',
  '',
  '1. The council *voted* for a park',
  '2. A [report](https://example.org/report) came out',
  '3. The soil will be cleaned: `clean(soil)`',
  '',
  '```js',
  'const park = { trees: 400 }',
  '```',
  '',
  '<img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>',
].join('\n')

describeBrowser('AI chat', () => {
  let fake: FakeAiProvider
  let feeds: FeedFarm
  let plain: BrookServer
  let withModel: BrookServer
  let limited: BrookServer
  let browser: Browser
  let context: BrowserContext | undefined
  let page: Page
  /** The reader's address of the city entry for the first user (test 1 on). */
  let entryUrl = ''

  beforeAll(async () => {
    feeds = await startFeedFarm()
    feeds.setFeed('/city.xml', { title: 'City Desk', entries: [{ id: 'park', title: 'Council turns the rail yard into a park', url: `${feeds.origin}/park`, content: ARTICLE, published: new Date() }] })
    fake = await startFakeAiProvider((request) => {
      const system = contentText(request.messages[0])
      const last = request.messages.at(-1)
      if (system.includes('short titles')) return { text: 'The rail yard park' }
      if (!system.includes('reading assistant')) return { text: 'A summary.', usage: { prompt: 5, completion: 5 } }
      if (last?.role === 'tool') return { text: 'Your feeds say the council will turn the rail yard into a park.', chunkSize: 6, chunkDelayMs: 30 }
      if (contentText(last).includes('takeaways')) return { text: 'Takeaways: a park, clean soil, new trees.' }
      if (contentText(last).includes('in markdown')) return { text: MARKDOWN_ANSWER, chunkSize: 12 }
      return { toolCalls: [{ name: 'searchEntries', arguments: { query: 'rail yard' } }] }
    })
    plain = await startServer()
    withModel = await startServer({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-llm', AI_TTS_MODEL: 'fake-tts' })
    limited = await startServer({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-llm', AI_CHAT_ROLES: 'admin', AI_DAILY_TOKEN_BUDGET: '5' })
    // The first account of an instance is its admin (unlimited, may always chat): take it here.
    const owner = await fetch(`${limited.url}/api/auth/sign-up/email`, { method: 'POST', headers: { origin: limited.url, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@example.com', password: 'correct horse battery', name: 'Owner' }) })
    expect(owner.status).toBe(200)
    browser = await launchBrowser()
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `ai-chat-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await context?.close().catch(() => undefined)
    await browser?.close()
    await Promise.all([plain?.stop(), withModel?.stop(), limited?.stop()])
    await fake?.close()
    await feeds?.close()
  })

  /** A fresh user following the city feed, on the timeline. */
  async function signIn(server: BrookServer) {
    await context?.close().catch(() => undefined)
    ;({ context, page } = await openPage(browser, { viewport: { width: 1440, height: 900 } }))
    const email = `chat+${Date.now()}@example.com`
    expect((await page.request.post(`${server.url}/api/auth/sign-up/email`, { data: { email, password: 'correct horse battery', name: 'Ada' }, headers: { origin: server.url } })).status()).toBe(200)
    expect((await page.request.post(`${server.url}/api/subscriptions`, { data: { url: feeds.url('/city.xml'), view: 0 }, headers: { origin: server.url } })).status()).toBe(200)
    await page.goto(`${server.url}/timeline/view-0/all/pending`)
    await page.locator('[data-testid="entry-item"]').first().waitFor({ timeout: 30_000 })
  }

  async function ask(text: string) {
    await page.getByTestId('chat-input').fill(text)
    await page.getByTestId('chat-send').click()
  }

  it('streams an answer that used the search tool, and the chat survives a reload', async () => {
    await signIn(withModel)
    await page.locator('[data-testid="entry-item"]').first().click()
    await page.getByTestId('entry-content').getByText('The city council voted').waitFor({ timeout: 30_000 })
    entryUrl = page.url()
    await page.keyboard.press('Control+/')
    const panel = page.getByTestId('ai-chat-panel')
    await panel.waitFor()
    // The default style is floating (SPEC §2), 500 × 600.
    expect(await panel.getAttribute('data-style')).toBe('floating')
    await ask('What happened to the rail yard?')
    await panel.locator('[data-testid="chat-tool"][data-tool="searchEntries"][data-state="output-available"]').waitFor({ timeout: 30_000 })
    await panel.getByTestId('chat-tool').getByText('Council turns the rail yard into a park').waitFor()
    await panel.getByText('Your feeds say the council will turn the rail yard into a park.').waitFor({ timeout: 30_000 })
    await screenshot(page, 'ai-chat-01-tool-and-answer')
    // The model was given the tool's result.
    const toolTurn = fake.requests.find((r) => r.messages.some((m) => m.role === 'tool'))
    expect(JSON.stringify(toolTurn?.messages)).toContain('Council turns the rail yard into a park')

    // The session's title comes from summary-title after the answer: wait until this device has it.
    await page.waitForFunction(
      async () => {
        const brook = (globalThis as unknown as { __brook: { localDb: { all: (q: string) => Promise<{ title: string | null }[]> } } }).__brook
        const rows = await brook.localDb.all('SELECT title FROM ai_chat_sessions')
        return rows.some((r) => r.title === 'The rail yard park')
      },
      undefined,
      { timeout: 30_000 },
    )
    // After a reload, with the server's chat routes cut off: sessions and messages come from the local tables.
    await page.route('**/api/ai/chat/sessions**', (route) => route.abort())
    await page.reload()
    await page.getByTestId('entry-content').getByText('The city council voted').waitFor({ timeout: 30_000 })
    await page.locator('body').click({ position: { x: 700, y: 400 } })
    await page.keyboard.press('Control+/')
    await page.getByTestId('chat-sessions-toggle').click()
    await page.getByTestId('chat-session').first().waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('chat-session').first().innerText()).toBe('The rail yard park')
    await page.getByTestId('chat-session').first().click()
    await page.getByTestId('ai-chat-panel').getByText('Your feeds say the council will turn the rail yard into a park.').waitFor({ timeout: 30_000 })
    await page.getByTestId('ai-chat-panel').locator('[data-testid="chat-tool"][data-tool="searchEntries"]').waitFor()
    await page.unroute('**/api/ai/chat/sessions**')
  })

  it('floating style: 500 × 600 near the bottom-right; a shortcut chip sends its prompt', async () => {
    const patch = await page.request.patch(`${withModel.url}/api/settings/ai`, { data: { panelStyle: 'floating', shortcuts: [{ name: 'Takeaways', prompt: 'Give me three takeaways', enabled: true }, { name: 'Hidden', prompt: 'x', enabled: false }] }, headers: { origin: withModel.url } })
    expect(patch.status()).toBe(200)
    await page.reload()
    await page.getByTestId('entry-content').getByText('The city council voted').waitFor({ timeout: 30_000 })
    await page.locator('body').click({ position: { x: 700, y: 400 } })
    await page.keyboard.press('Control+/')
    const panel = page.getByTestId('ai-chat-panel')
    await panel.waitFor()
    // The style changed on the server: after the reload the local settings show first, then the synced ones.
    await expect.poll(async () => { const b = await panel.boundingBox(); return b && [Math.round(b.width), Math.round(b.height)] }, { timeout: 30_000 }).toEqual([500, 600])
    const box = await panel.boundingBox()
    expect(box && Math.round(1440 - box.x - box.width)).toBe(24)
    expect(await panel.getByTestId('chat-shortcut').allInnerTexts()).toEqual(['Takeaways'])
    await panel.getByTestId('chat-new').click()
    await panel.getByTestId('chat-shortcut').click()
    await panel.getByText('Takeaways: a park, clean soil, new trees.').waitFor({ timeout: 30_000 })
    await screenshot(page, 'ai-chat-02-floating-shortcut')
    // Dragged by its header.
    const handle = await panel.getByTestId('ai-chat-drag').boundingBox()
    if (!handle) throw new Error('no drag handle')
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
    await page.mouse.down()
    await page.mouse.move(handle.x + handle.width / 2 - 200, handle.y + handle.height / 2 - 80, { steps: 5 })
    await page.mouse.up()
    const moved = await panel.boundingBox()
    expect(moved && Math.round(1440 - moved.x - moved.width)).toBe(224)

    // The enabled shortcut is also an entry action: it opens a new chat with its prompt about this entry.
    await panel.getByTestId('chat-close').click()
    await panel.waitFor({ state: 'detached' })
    await page.getByTestId('toolbar-more').click()
    expect(await page.getByTestId('entry-ai-shortcut').allInnerTexts()).toEqual(['Takeaways'])
    await page.getByRole('menuitem', { name: 'Takeaways' }).click()
    const asked = panel.locator('[data-testid="chat-message"][data-role="user"]')
    await asked.first().waitFor({ timeout: 30_000 })
    expect(await asked.count()).toBe(1)
    expect(await asked.first().innerText()).toMatch(/^About the entry "Council turns the rail yard into a park" \(id \S+\): Give me three takeaways$/)
    await panel.getByText('Takeaways: a park, clean soil, new trees.').waitFor({ timeout: 30_000 })
    expect(JSON.stringify(fake.requests.at(-1)?.messages)).toContain('About the entry \\"Council turns the rail yard into a park\\"')
    await screenshot(page, 'ai-chat-08-entry-shortcut')
  })

  it('text-to-speech with a speech model: the provider reads the entry and the corner player plays it', async () => {
    await page.getByTestId('entry-content').getByText('The city council voted').waitFor({ timeout: 30_000 })
    const before = fake.speechRequests.length
    await page.getByTestId('toolbar-more').click()
    await page.getByRole('menuitem', { name: 'Text to speech' }).click()
    await page.getByTestId('corner-player').waitFor({ timeout: 30_000 })
    await expect.poll(() => fake.speechRequests.length).toBe(before + 1)
    expect(fake.speechRequests[before]).toMatchObject({ model: 'fake-tts', voice: 'en-US-AndrewMultilingualNeural' })
    expect(String(fake.speechRequests[before].input)).toMatch(/^Council turns the rail yard into a park\n\nThe city council voted/)
    await screenshot(page, 'ai-chat-06-tts-provider')
  })

  it('Settings → AI: provider status and usage, own endpoint with a write-only key, shortcuts with their rule', async () => {
    await page.goto(`${withModel.url}/settings/ai`)
    const status = page.getByTestId('ai-provider-status')
    await status.getByText("This server's model answers: fake-llm").waitFor({ timeout: 30_000 })
    // The first account of the instance is its admin: no budget.
    expect(await page.getByTestId('ai-usage').innerText()).toMatch(/^Used today: [\d,]+ tokens \(no limit\)$/)
    // Shortcuts: both fields are required (SPEC §5).
    await page.getByTestId('ai-shortcut-name').fill('Explain')
    await page.getByTestId('ai-shortcut-add').click()
    expect(await page.getByTestId('ai-shortcut-error').innerText()).toBe('Name and prompt are required')
    await page.getByTestId('ai-shortcut-prompt').fill('Explain it to a ten-year-old')
    await page.getByTestId('ai-shortcut-add').click()
    await expect.poll(() => page.getByTestId('ai-shortcut-row').count()).toBe(3)
    // The user's own endpoint: the key goes in, only its last four characters come back.
    await page.getByTestId('ai-base-url').fill(fake.baseUrl)
    await page.getByTestId('ai-model').fill('my-own-model')
    await page.getByTestId('ai-api-key').fill('sk-secret-9876')
    await page.getByTestId('ai-provider-save').click()
    await status.getByText('Your own endpoint answers: my-own-model').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('ai-api-key').getAttribute('placeholder')).toBe('••••9876')
    expect(await page.getByTestId('ai-api-key').inputValue()).toBe('')
    await screenshot(page, 'ai-chat-07-settings')
    await page.getByTestId('ai-provider-remove').click()
    await status.getByText("This server's model answers: fake-llm").waitFor({ timeout: 30_000 })
    // Synced to the server (the settings queue flushes after a second of quiet).
    await expect
      .poll(async () => (await (await page.request.get(`${withModel.url}/api/settings`)).json()).data.settings.ai.shortcuts.at(-1), { timeout: 15_000 })
      .toEqual({ name: 'Explain', prompt: 'Explain it to a ten-year-old', enabled: true })
  })

  it('fixed style: after a reload the panel opens by itself in its own column beside the entry', async () => {
    expect((await page.request.patch(`${withModel.url}/api/settings/ai`, { data: { panelStyle: 'fixed' }, headers: { origin: withModel.url } })).status()).toBe(200)
    await page.goto(entryUrl)
    await page.getByTestId('entry-content').getByText('The city council voted').waitFor({ timeout: 30_000 })
    // Nothing pressed: the fixed panel opens at start-up, as a column of the layout (not over the entry).
    const panel = page.locator('[data-testid="ai-chat-panel"][data-style="fixed"]')
    await panel.waitFor({ timeout: 30_000 })
    expect(await panel.getAttribute('data-docked')).toBe('true')
    const box = await panel.boundingBox()
    const entry = await page.getByTestId('entry-column').boundingBox()
    if (!box || !entry) throw new Error('no layout')
    expect([Math.round(box.x), Math.round(box.width), Math.round(box.height)]).toEqual([1440 - 384, 384, 900])
    expect(Math.round(entry.x + entry.width)).toBe(1440 - 384)
    expect(await panel.evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { position: string } }).getComputedStyle(el).position)).toBe('static')
    await screenshot(page, 'ai-chat-09-fixed-column')
    // Closed, the entry takes the width back; Mod+/ brings the column back.
    await panel.getByTestId('chat-close').click()
    await panel.waitFor({ state: 'detached' })
    expect(Math.round((await page.getByTestId('entry-column').boundingBox())?.width ?? 0)).toBe(1440 - 256 - 356)
    await page.locator('body').click({ position: { x: 900, y: 400 } })
    await page.keyboard.press('Control+/')
    await panel.waitFor()
  })

  it('an answer in markdown renders as elements; raw HTML from the model stays inert text; links open like entry links', async () => {
    // The fixed panel of the previous test is open.
    const panel = page.getByTestId('ai-chat-panel')
    await panel.getByTestId('chat-new').click()
    await ask('Tell me in markdown')
    const answer = panel.locator('[data-testid="chat-message"][data-role="assistant"][data-status="completed"] [data-testid="chat-answer-text"]')
    await answer.locator('pre code').waitFor({ timeout: 30_000 })
    expect(await answer.locator('strong').first().innerText()).toBe('Three things')
    expect(await answer.locator('em').first().innerText()).toBe('voted')
    expect(await answer.locator('ol > li').count()).toBe(3)
    expect(await answer.locator('li code').innerText()).toBe('clean(soil)')
    expect((await answer.locator('pre code').innerText()).trim()).toBe('const park = { trees: 400 }')
    const link = answer.locator('a', { hasText: 'report' })
    expect(await link.getAttribute('href')).toBe('https://example.org/report')
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    // The HTML is shown as text, never made into elements, and nothing of it ran.
    expect(await answer.locator('img, script').count()).toBe(0)
    expect(await answer.innerText()).toContain('<img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>')
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined()
    await screenshot(page, 'ai-chat-10-markdown')
    // Like a link in an entry: leaving Brook asks first (general jumpOutLinkWarn, on by default).
    await link.click()
    expect(await page.getByTestId('jump-out-url').innerText()).toBe('https://example.org/report')
    await page.getByTestId('jump-out-cancel').click()
  })

  it('with no provider: the panel says to connect a model in Settings → AI', async () => {
    await signIn(plain)
    await page.locator('body').click({ position: { x: 700, y: 400 } })
    await page.keyboard.press('Control+/')
    await ask('Hello?')
    const refusal = page.getByTestId('chat-refusal')
    await refusal.waitFor({ timeout: 30_000 })
    expect(await refusal.getAttribute('data-code')).toBe('5')
    expect(await refusal.innerText()).toContain('connect a model in Settings → AI')
    await screenshot(page, 'ai-chat-03-no-provider')
  })

  it('a role without chat: 15001 toast; a spent budget: 15000 toast', async () => {
    await signIn(limited)
    await page.locator('body').click({ position: { x: 700, y: 400 } })
    await page.keyboard.press('Control+/')
    await ask('Hello?')
    await page.getByText('Not allowed to access AI chat').first().waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('chat-refusal').getAttribute('data-code')).toBe('15001')
    await screenshot(page, 'ai-chat-04-15001')
    await page.getByTestId('chat-close').click()
    // The first summary spends the 5-token budget; a summary in another language is then refused.
    await page.locator('[data-testid="entry-item"]').first().click()
    await page.locator('[data-testid="ai-summary"][data-engine="model"]').waitFor({ timeout: 30_000 })
    expect((await page.request.patch(`${limited.url}/api/settings/general`, { data: { actionLanguage: 'fr' }, headers: { origin: limited.url } })).status()).toBe(200)
    await page.reload()
    await page.getByText('AI token limit exceeded, try later').first().waitFor({ timeout: 30_000 })
    await screenshot(page, 'ai-chat-05-15000')
  })
})
