/**
 * The reading journey of issue 6 in Chromium against the real server and a loopback feed farm:
 * register, quick-add a feed, read in Articles, open an entry (the sidebar count drops), star it
 * and find it in Starred, see an image feed as a grid in Pictures, rebind a shortcut and use it,
 * `?lng=ja`, the mobile layout at 800 px, play a video with Brook's own player, and an unknown
 * path. Every step saves a screenshot.
 */
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, screenshot, signUpInBrowser } from './support/browser.ts'
import { repoRoot, startServer, type BrookServer } from './support/server.ts'

// Browser globals used inside page callbacks (e2e compiles without DOM types).
declare const document: any

const ARTICLES = 12
const PALETTE = ['#f97316', '#0ea5e9', '#22c55e', '#a855f7', '#ef4444', '#eab308', '#14b8a6', '#6366f1']

/** A small generated picture, so the Pictures grid has something to show. */
function pictureSvg(n: number): string {
  const a = PALETTE[n % PALETTE.length]
  const b = PALETTE[(n + 3) % PALETTE.length]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/><circle cx="${200 + (n * 97) % 400}" cy="${180 + (n * 53) % 240}" r="120" fill="white" fill-opacity="0.25"/><path d="M0 480 L220 330 L380 450 L560 300 L800 470 L800 600 L0 600 Z" fill="black" fill-opacity="0.18"/></svg>`
}

function articleHtml(i: number, origin: string): string {
  return [
    `<p>Morning notes from the farm, part ${i}. The river was high after the rain, and the orchard needed attention before noon.</p>`,
    `<h2>What changed</h2>`,
    `<p>We moved the beehives closer to the clover field and read <a href="${origin}/article">the long article about growing feeds</a> twice.</p>`,
    `<figure><img src="${origin}/img/${i}.jpg" alt="The orchard"><figcaption>The orchard at dawn.</figcaption></figure>`,
    `<blockquote>Tend the soil, and the harvest tends itself.</blockquote>`,
    `<ul><li>Check the irrigation lines</li><li>Repair the north fence</li><li>Plant the late beans</li></ul>`,
    `<pre><code>harvest --field north --dry-run</code></pre>`,
    `<p>More tomorrow. ${'Quiet work makes for calm reading. '.repeat(6)}</p>`,
  ].join('')
}

/**
 * A 12-second 320×180 VP8 clip (44 KB), served with byte ranges so the browser can seek. Made once with
 * `ffmpeg -f lavfi -i testsrc2=size=320x180:rate=12:duration=12 -c:v libvpx -b:v 25k -maxrate 30k -bufsize 60k -g 24 -an clip.webm`.
 */
const CLIP = readFileSync(path.join(repoRoot, 'e2e/fixtures/clip.webm'))

function serveClip(req: IncomingMessage, res: ServerResponse): void {
  const size = CLIP.length
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '')
  const headers = { 'content-type': 'video/webm', 'accept-ranges': 'bytes' }
  if (!range || (!range[1] && !range[2])) {
    res.writeHead(200, { ...headers, 'content-length': size })
    res.end(CLIP)
    return
  }
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]))
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1
  if (start >= size || start > end) {
    res.writeHead(416, { 'content-range': `bytes */${size}` })
    res.end()
    return
  }
  res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1 })
  res.end(CLIP.subarray(start, end + 1))
}

describeBrowser('reading', () => {
  let server: BrookServer
  let farm: FeedFarm
  let browser: Browser
  let context: BrowserContext
  let page: Page
  const user = { name: 'Grace Hopper', email: `grace+${Date.now()}@example.com`, password: 'correct horse battery' }

  async function unreadOf(title: string): Promise<number> {
    const row = page.locator('[data-testid="subscription-row"]', { hasText: title })
    const count = row.locator('[data-testid="unread-count"]')
    return (await count.count()) ? Number(await count.innerText()) : 0
  }

  beforeAll(async () => {
    farm = await startFeedFarm()
    const now = Date.now()
    for (let n = 0; n < 16; n++) farm.setFeed(`/img/${n}.jpg`, { body: pictureSvg(n), contentType: 'image/svg+xml' })
    farm.setFeed('/farm-journal.xml', {
      title: 'Farm Journal',
      siteUrl: farm.url('/'),
      description: 'Notes from a small farm',
      entries: Array.from({ length: ARTICLES }, (_, i) => ({
        id: `journal-${i}`,
        title: ['Rain on the orchard', 'Bees by the clover', 'Mending the north fence', 'Late beans', 'A quiet harvest', 'Morning fog'][i % 6] + ` (${i + 1})`,
        url: `${farm.origin}/journal/${i}`,
        author: 'Ada',
        content: articleHtml(i, farm.origin),
        published: new Date(now - i * 5 * 3_600_000),
      })),
    })
    farm.setFeed('/gallery.xml', {
      title: 'Field Gallery',
      entries: Array.from({ length: 12 }, (_, i) => ({
        id: `pic-${i}`,
        title: `Field study ${i + 1}`,
        url: `${farm.origin}/pictures/${i}`,
        content: `<p><img src="${farm.origin}/img/${i}.jpg"></p>`,
        image: { url: `${farm.origin}/img/${i}.jpg`, type: 'image/jpeg', width: 800, height: i % 3 === 0 ? 1000 : 600 },
        published: new Date(now - i * 3_600_000),
      })),
    })
    farm.setFeed('/social.xml', {
      title: 'Harbour Notes',
      entries: Array.from({ length: 8 }, (_, i) => ({
        id: `post-${i}`,
        url: `${farm.origin}/posts/${i}`,
        author: ['Mira', 'Jon', 'Ines'][i % 3],
        content: `<p>${['Fog lifted over the harbour just before nine. The ferries are running again.', 'Fresh bread at the corner bakery, still warm. Worth the queue.', 'Tide tables for the weekend are up. Low water around noon on Saturday.'][i % 3]}</p>`,
        ...(i % 2 === 0 ? { image: { url: `${farm.origin}/img/${i}.jpg`, type: 'image/jpeg', width: 800, height: 600 } } : {}),
        published: new Date(now - i * 40 * 60_000),
      })),
    })
    farm.setFeed('/videos.xml', {
      title: 'Workshop Films',
      entries: Array.from({ length: 8 }, (_, i) => ({
        id: `video-${i}`,
        title: `Workshop film ${i + 1}`,
        url: `${farm.origin}/films/${i}`,
        content: `<p>A short film from the workshop.</p>`,
        image: { url: `${farm.origin}/img/${i + 4}.jpg`, type: 'image/jpeg', width: 1280, height: 720 },
        enclosure: { url: `${farm.origin}/films/${i}.mp4`, type: 'video/mp4', length: 1000 },
        published: new Date(now - i * 2 * 3_600_000),
      })),
    })
    // The Videos view's films play the same clip (a WebM body; the browser goes by its content).
    for (let i = 0; i < 8; i++) farm.setFeed(`/films/${i}.mp4`, serveClip)
    farm.setFeed('/clips/workshop.webm', serveClip)
    farm.setFeed('/workshop-notes.xml', {
      title: 'Workshop Notes',
      entries: [
        {
          id: 'notes-video',
          title: 'Planing a board, on video',
          url: `${farm.origin}/notes/planing`,
          // A markdown-style image of a video file, sized by ?ratio=.
          content: `<p>Twelve seconds at the bench.</p><p><img src="${farm.origin}/clips/workshop.webm?ratio=16:9" alt="Planing"></p><p>The shavings should come off in one ribbon.</p>`,
          published: new Date(now + 60_000),
        },
      ],
    })
    farm.setFeed('/podcast.xml', {
      title: 'Field Radio',
      entries: Array.from({ length: 6 }, (_, i) => ({
        id: `episode-${i}`,
        title: `Episode ${40 - i}: ${['Seeds and patience', 'The long winter', 'Bees, again', 'Rivers we follow', 'Mending things', 'Night sounds'][i]}`,
        url: `${farm.origin}/episodes/${i}`,
        content: `<p>This week on Field Radio: a conversation about the season.</p>`,
        enclosure: { url: `${farm.origin}/episodes/${i}.mp3`, type: 'audio/mpeg', length: 1000 },
        published: new Date(now - i * 86_400_000),
      })),
    })
    farm.setFeed('/alerts.xml', {
      title: 'Weather Station',
      entries: Array.from({ length: 6 }, (_, i) => ({
        id: `alert-${i}`,
        title: ['Frost warning tonight', 'Wind gusts up to 60 km/h', 'Rain expected from 14:00', 'Clear skies this evening', 'Pollen count high', 'Fog advisory until 10:00'][i],
        url: `${farm.origin}/alerts/${i}`,
        content: `<p>Issued by the station.</p>`,
        published: new Date(now - i * 3 * 3_600_000),
      })),
    })
    server = await startServer()
    browser = await launchBrowser()
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'light' })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    page = await context.newPage()
    page.on('pageerror', (error) => console.error('[page error]', error.stack ?? error.message))
    page.on('console', (message) => message.type() === 'error' && console.error('[console]', message.text()))
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `reading-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
  })

  it('registers and lands on an empty Articles timeline', async () => {
    await signUpInBrowser(page, server.url, user)
    await page.getByTestId('timeline-title').filter({ hasText: 'All Articles' }).waitFor()
    expect(await page.locator('[data-testid="view-tabs"] a').count()).toBe(4)
    await screenshot(page, 'reading-01-empty-articles')
  })

  it('quick-adds a feed: discovery, preview, then follow', async () => {
    await page.getByTestId('quick-add-button').click()
    await page.getByTestId('quick-add').waitFor()
    await page.getByTestId('discover-input').fill(farm.url('/farm-journal.xml'))
    await page.getByTestId('discover-submit').click()
    await page.getByTestId('follow-panel').waitFor()
    await page.getByTestId('follow-preview').getByText('Rain on the orchard (1)').waitFor()
    await screenshot(page, 'reading-02-quick-add-preview')
    await page.getByTestId('subscription-form').getByRole('button', { name: 'Follow' }).click()
    await page.locator('[data-testid="subscription-row"]', { hasText: 'Farm Journal' }).waitFor({ timeout: 30_000 })
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="entry-item"]').length >= 6, undefined, { timeout: 30_000 })
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="subscription-row"] [data-testid="unread-count"]')].some((e) => e.textContent === '12'), undefined, { timeout: 30_000 })
    await screenshot(page, 'reading-03-articles-timeline')
  })

  it('opens an entry, which marks it read: the sidebar count drops', async () => {
    const before = await unreadOf('Farm Journal')
    expect(before).toBe(ARTICLES)
    await page.locator('[data-testid="entry-item"]').first().click()
    await page.getByTestId('entry-reader').waitFor()
    await page.getByTestId('entry-title').filter({ hasText: 'Rain on the orchard (1)' }).waitFor()
    await page.getByTestId('entry-content').getByText('What changed').waitFor({ timeout: 30_000 })
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="subscription-row"] [data-testid="unread-count"]')].some((e) => e.textContent === '11'))
    expect(await unreadOf('Farm Journal')).toBe(before - 1)
    // Links open in a new tab and show the hover card.
    const link = page.getByTestId('entry-content').locator('a').first()
    expect(await link.getAttribute('target')).toBe('_blank')
    await link.hover()
    await page.getByTestId('link-hover-card').waitFor()
    await page.getByTestId('link-copy').click()
    await page.locator('[data-testid="link-copy"][data-copied="true"]').waitFor()
    await screenshot(page, 'reading-04-entry-open')
    // One right-click menu for the list's entries.
    await page.locator('[data-testid="entry-item"]').nth(1).click({ button: 'right' })
    // (Resting on the row may already have marked it read: the menu then offers "Mark as unread".)
    await page.getByTestId('entry-menu').getByText(/^Mark as (un)?read$/).waitFor()
    await screenshot(page, 'reading-04b-entry-menu')
    await page.keyboard.press('Escape')
    await page.getByTestId('entry-menu').waitFor({ state: 'detached' })
  })

  it('stars the entry and finds it in Starred', async () => {
    await page.getByTestId('toolbar-star').click()
    await page.getByText('Starred', { exact: true }).first().waitFor()
    await page.getByTestId('starred-row').click()
    await page.waitForURL(/\/timeline\/view-0\/collections\//)
    await page.getByTestId('timeline-title').filter({ hasText: 'Starred' }).waitFor()
    await page.locator('[data-testid="entry-item"]', { hasText: 'Rain on the orchard (1)' }).waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-testid="entry-item"]').count()).toBe(1)
    await screenshot(page, 'reading-05-starred')
  })

  it('shows an image feed as a grid in Pictures', async () => {
    await page.getByTestId('quick-add-button').click()
    await page.getByTestId('discover-input').fill(farm.url('/gallery.xml'))
    await page.getByTestId('discover-submit').click()
    await page.getByTestId('follow-preview').getByText('Field study 1').waitFor()
    // The preview's pictures make Pictures the suggested view.
    await page.locator('[role="radio"][aria-checked="true"]', { hasText: 'Pictures' }).waitFor()
    await page.getByTestId('subscription-form').getByRole('button', { name: 'Follow' }).click()
    await page.waitForURL(/\/timeline\/view-2\/all\//)
    await page.getByTestId('entry-grid').waitFor({ timeout: 30_000 })
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="entry-grid"] [data-testid="entry-item"] img').length >= 6, undefined, { timeout: 30_000 })
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="entry-grid"] img')].slice(0, 6).every((i) => (i as { complete: boolean }).complete && (i as { naturalWidth: number }).naturalWidth > 0))
    await screenshot(page, 'reading-06-pictures-grid')
    await page.getByTestId('grid-style').click()
    await page.locator('[data-grid-style="masonry"]').waitFor()
    await page.waitForTimeout(300)
    await screenshot(page, 'reading-07-pictures-masonry')
  })

  it('rebinds a shortcut (conflicts are refused) and uses it', async () => {
    await page.goto(`${server.url}/settings/shortcuts?lng=en`)
    const row = page.locator('[data-testid="shortcut-row"][data-command="entry:star"]')
    await row.getByTestId('shortcut-edit').click()
    await page.getByTestId('shortcut-recorder').press('j')
    await page.getByTestId('shortcut-conflict').waitFor()
    expect(await row.getByTestId('shortcut-save').isDisabled()).toBe(true)
    await screenshot(page, 'reading-08-shortcut-conflict')
    await page.getByTestId('shortcut-recorder').press('Backspace')
    await page.getByTestId('shortcut-recorder').press('f')
    await page.waitForTimeout(50)
    expect(await page.getByTestId('shortcut-conflict').count()).toBe(0)
    await row.getByTestId('shortcut-save').click()
    await row.locator('kbd', { hasText: 'F' }).waitFor()
    await screenshot(page, 'reading-09-shortcut-rebound')

    await page.goto(`${server.url}/timeline/view-0/all/pending?lng=en`)
    await page.locator('[data-testid="entry-item"]').nth(1).click()
    await page.getByTestId('entry-reader').waitFor()
    const title = await page.getByTestId('entry-title').innerText()
    await page.locator('[data-focus-region="entry-render"]').focus()
    await page.keyboard.press('f')
    await page.locator('[data-testid="toolbar-star"] svg.fill-amber-400').waitFor()
    await page.keyboard.press('?')
    await page.getByTestId('shortcuts-guide').waitFor()
    await screenshot(page, 'reading-10-shortcut-used-and-guide')
    await page.keyboard.press('Escape')
    await page.goto(`${server.url}/timeline/view-0/collections/pending`)
    await page.locator('[data-testid="entry-item"]', { hasText: title }).waitFor({ timeout: 30_000 })
  })

  it('speaks Japanese with ?lng=ja', async () => {
    await page.goto(`${server.url}/timeline/view-0/all/pending?lng=ja`)
    await page.getByTestId('timeline-title').waitFor()
    await page.locator('[data-testid="sidebar-view-title"]', { hasText: '記事' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja')
    await page.locator('[data-testid="entry-item"]').first().click()
    await page.getByTestId('entry-reader').waitFor()
    await screenshot(page, 'reading-11-japanese')
    await page.goto(`${server.url}/settings/general?lng=en`)
    await page.getByTestId('settings-general').waitFor()
    await page.locator('[data-testid="subscription-row"]').first().waitFor()
    await screenshot(page, 'reading-12-settings-general')
  })

  it('uses the mobile layout at 800 px', async () => {
    await page.setViewportSize({ width: 800, height: 900 })
    await page.goto(`${server.url}/timeline/view-0/all/pending?lng=en`)
    await page.locator('[data-layout="mobile"]').waitFor()
    expect(await page.getByTestId('sidebar').count()).toBe(0)
    await page.locator('[data-testid="entry-item"]').first().waitFor()
    await screenshot(page, 'reading-13-mobile-timeline')
    await page.getByTestId('open-drawer').click()
    await page.getByTestId('mobile-drawer').waitFor()
    await screenshot(page, 'reading-14-mobile-drawer')
    await page.keyboard.press('Escape')
    await page.locator('[data-testid="entry-item"]').first().click()
    await page.getByTestId('entry-reader').waitFor()
    await page.getByTestId('entry-back').waitFor()
    await screenshot(page, 'reading-15-mobile-entry')
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  it('shows every view in its own layout: Social media, Videos, Audios, Notifications', async () => {
    await page.goto(`${server.url}/timeline/view-0/all/pending?lng=en`)
    await page.locator('[data-testid="entry-item"]').first().waitFor()
    await page.evaluate(
      async (feeds) => {
        for (const [url, view] of feeds) {
          const res = await fetch('/api/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, view }) })
          if (!res.ok) throw new Error(`subscribe ${url}: ${res.status}`)
        }
      },
      [
        [farm.url('/social.xml'), 1],
        [farm.url('/videos.xml'), 3],
        [farm.url('/podcast.xml'), 4],
        [farm.url('/alerts.xml'), 5],
      ] as [string, number][],
    )
    // A reload picks up subscriptions made elsewhere; Audios and Notifications tabs appear.
    await page.reload()
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="view-tabs"] a').length === 6, undefined, { timeout: 30_000 })
    for (const [view, name] of [[1, 'social'], [3, 'videos'], [4, 'audios'], [5, 'notifications']] as const) {
      await page.locator(`[data-testid="view-tabs"] a[data-view="${view}"]`).click()
      await page.waitForURL(new RegExp(`/timeline/view-${view}/all/`))
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="entry-item"]').length >= 4, undefined, { timeout: 30_000 })
      await page.waitForTimeout(400)
      if (view === 4) {
        await page.getByTestId('audio-play').first().click()
        await page.getByTestId('corner-player').waitFor()
      }
      await screenshot(page, `reading-17-view-${name}`)
    }
    await page.locator('[data-testid="entry-item"]').first().click()
    await page.getByTestId('entry-reader').waitFor()
    await screenshot(page, 'reading-18-notification-open')
  })

  it('plays a video in Brook\'s own player: keys when it has focus, the right arrow seeks 5 s', async () => {
    await page.goto(`${server.url}/timeline/view-0/all/pending?lng=en`)
    await page.locator('[data-testid="entry-item"]').first().waitFor()
    await page.evaluate(async (url) => {
      const res = await fetch('/api/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, view: 0 }) })
      if (!res.ok) throw new Error(`subscribe ${url}: ${res.status}`)
    }, farm.url('/workshop-notes.xml'))
    await page.reload()
    await page.locator('[data-testid="subscription-row"]', { hasText: 'Workshop Notes' }).click()
    await page.locator('[data-testid="entry-item"]', { hasText: 'Planing a board, on video' }).click({ timeout: 30_000 })
    await page.getByTestId('entry-reader').waitFor()
    const player = page.getByTestId('entry-content').getByTestId('video-player')
    await player.waitFor({ timeout: 30_000 })
    // Brook's controls, not the browser's; sized by ?ratio=16:9.
    expect(await player.locator('video').getAttribute('controls')).toBeNull()
    await player.getByRole('button', { name: 'Play' }).first().waitFor()
    await player.getByRole('slider', { name: 'Progress' }).waitFor()
    await player.getByRole('slider', { name: 'Volume' }).waitFor()
    const box = (await player.boundingBox())!
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.05)
    await page.waitForFunction(() => (document.querySelector('[data-testid="entry-content"] video')?.readyState ?? 0) >= 1, undefined, { timeout: 30_000 })
    expect(Math.round(await player.locator('video').evaluate((v: any) => v.duration))).toBe(12)

    // Keys do nothing while the reader (not the player) has focus.
    await page.locator('[data-focus-region="entry-render"]').focus()
    await page.keyboard.press('ArrowRight')
    expect(await player.locator('video').evaluate((v: any) => v.currentTime)).toBe(0)

    await player.focus()
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction(() => document.querySelector('[data-testid="entry-content"] video')?.currentTime === 5)
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction(() => document.querySelector('[data-testid="entry-content"] video')?.currentTime === 12)
    await page.keyboard.press('ArrowLeft')
    await page.waitForFunction(() => document.querySelector('[data-testid="entry-content"] video')?.currentTime === 7)
    await page.keyboard.press('m')
    expect(await player.locator('video').evaluate((v: any) => v.muted)).toBe(true)
    await page.keyboard.press('m')
    // Space plays (muted media may always autoplay; this one has sound and a key press behind it).
    await page.keyboard.press(' ')
    await page.waitForFunction(() => document.querySelector('[data-testid="entry-content"] video')?.paused === false, undefined, { timeout: 10_000 })
    await player.getByRole('button', { name: 'Pause' }).waitFor()
    await page.keyboard.press(' ')
    await page.waitForFunction(() => document.querySelector('[data-testid="entry-content"] video')?.paused === true)
    await page.keyboard.press('ArrowLeft')
    await page.waitForFunction(() => Math.abs((document.querySelector('[data-testid="entry-content"] video')?.currentTime ?? 0) - 2.5) < 1.5)
    await page.waitForFunction(() => document.querySelector('[data-testid="entry-content"] video')?.readyState >= 2)
    await page.waitForTimeout(200)
    expect(await player.getByTestId('video-time').innerText()).toMatch(/^0:0[1-3] \/ 0:12$/)
    await screenshot(page, 'reading-23-video-player')
    await player.screenshot({ path: path.join(repoRoot, 'e2e/artifacts/reading-23b-video-player-close.png') })

    // f asks for full screen on the player itself, and f again leaves it.
    await page.keyboard.press('f')
    await page.waitForFunction(() => document.fullscreenElement?.getAttribute('data-testid') === 'video-player', undefined, { timeout: 10_000 })
    await page.keyboard.press('f')
    await page.waitForFunction(() => document.fullscreenElement === null, undefined, { timeout: 10_000 })

    // The Videos view opens its films in the same player.
    await page.goto(`${server.url}/timeline/view-3/all/pending?lng=en`)
    await page.locator('[data-testid="entry-item"]').first().click()
    await page.getByTestId('entry-reader').getByTestId('video-player').waitFor({ timeout: 30_000 })
    await page.waitForFunction(() => (document.querySelector('[data-testid="entry-reader"] video')?.readyState ?? 0) >= 2, undefined, { timeout: 30_000 })
    await page.getByTestId('entry-reader').getByTestId('video-time').filter({ hasText: '0:00 / 0:12' }).waitFor()
    await screenshot(page, 'reading-24-videos-view-player')
  })

  it('reads in Simplified and Traditional Chinese, and in the dark', async () => {
    for (const lng of ['zh-CN', 'zh-TW'] as const) {
      await page.goto(`${server.url}/timeline/view-0/all/pending?lng=${lng}`)
      await page.locator('[data-testid="entry-item"]').first().click()
      await page.getByTestId('entry-reader').waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng)
      await screenshot(page, `reading-19-${lng}`)
    }
    await page.goto(`${server.url}/settings/appearance?lng=en`)
    await page.getByRole('radio', { name: 'Dark' }).click()
    await page.locator('html[data-theme="dark"]').waitFor()
    await screenshot(page, 'reading-20-appearance-dark')
    await page.goto(`${server.url}/timeline/view-0/all/pending`)
    await page.locator('[data-testid="entry-item"]').nth(2).click()
    await page.getByTestId('entry-reader').waitFor()
    await page.locator('html[data-theme="dark"]').waitFor()
    await screenshot(page, 'reading-21-articles-dark')
    await page.keyboard.press('z')
    await page.locator('html[data-zen="true"]').waitFor()
    await screenshot(page, 'reading-22-zen-dark')
    await page.keyboard.press('z')
    await page.goto(`${server.url}/settings/appearance`)
    await page.getByRole('radio', { name: 'Light' }).click()
    await page.locator('html[data-theme="light"]').waitFor()
  })

  it('shows the not-found page for an unknown path', async () => {
    await page.goto(`${server.url}/no/such/place?lng=en`)
    await page.getByText('You have come to a desert of knowledge where there is nothing.').waitFor()
    await page.getByText('/no/such/place').waitFor()
    await screenshot(page, 'reading-16-not-found')
  })
})
