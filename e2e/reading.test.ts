/**
 * The reading journey of issue 6 in Chromium against the real server and a loopback feed farm:
 * register, quick-add a feed, read in Articles, open an entry (the sidebar count drops), star it
 * and find it in Starred, see an image feed as a grid in Pictures, rebind a shortcut and use it,
 * `?lng=ja`, the mobile layout at 800 px, and an unknown path. Every step saves a screenshot.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

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
    await page.goto(`${server.url}/login?mode=signup`)
    await page.getByLabel('Name').fill(user.name)
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await page.waitForURL(/\/timeline\/view-0\/all\/pending$/)
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
