/**
 * OPML import (issue 6, Subscribe) in Chromium against the real server and a loopback feed farm:
 * an uploaded OPML file lists its feeds with today's quota, the selection is imported in batches
 * (more feeds than one batch), the sidebar shows them, and a second look marks them followed.
 * Each step saves a screenshot.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, screenshot, openPage } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

const FEEDS = 13

describeBrowser('OPML import', () => {
  let server: BrookServer
  let farm: FeedFarm
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    farm = await startFeedFarm()
    for (let f = 0; f < FEEDS; f++) {
      farm.setFeed(`/opml/feed-${f}.xml`, {
        title: `Garden Letter ${f + 1}`,
        entries: [{ id: `g${f}-1`, title: `Letter ${f + 1}, first`, url: `${farm.origin}/opml/${f}/1`, content: '<p>Seeds.</p>', published: new Date(Date.now() - f * 60_000) }],
      })
    }
    server = await startServer()
    browser = await launchBrowser()
    ;({ page } = await openPage(browser))
    await page.goto(`${server.url}/favicon.svg`)
    await page.evaluate(async () => {
      const res = await fetch('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `opml+${Date.now()}@example.com`, password: 'correct horse battery', name: 'Opml Tester' }) })
      if (!res.ok) throw new Error(`sign-up: ${res.status}`)
    })
  })

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `opml-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
  })

  const opmlFile = () => {
    const outlines = Array.from({ length: FEEDS }, (_, f) => `<outline type="rss" text="Garden Letter ${f + 1}" xmlUrl="${farm.url(`/opml/feed-${f}.xml`)}"/>`).join('\n')
    return { name: 'garden.opml', mimeType: 'text/x-opml', buffer: Buffer.from(`<?xml version="1.0"?><opml version="2.0"><head><title>Garden</title></head><body><outline text="Gardening">${outlines}</outline></body></opml>`) }
  }

  it('imports every selected feed of an OPML file, in batches, and shows them in the sidebar', async () => {
    await page.goto(`${server.url}/discover?lng=en`)
    await page.getByTestId('opml-file').setInputFiles(opmlFile())
    await page.getByTestId('opml-quota').waitFor()
    expect(await page.getByTestId('opml').locator('li').count()).toBe(FEEDS)
    expect(await page.getByTestId('opml-import').innerText()).toBe(`Import ${FEEDS} feeds`)
    await screenshot(page, 'opml-01-selection')

    const importRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/subscriptions/import')) importRequests.push(request.url())
    })
    await page.getByTestId('opml-import').click()
    await page.getByText(`Imported ${FEEDS} feeds`).waitFor({ timeout: 60_000 })
    // More feeds than one request takes (10): two import requests.
    expect(importRequests).toHaveLength(2)
    const subscriptions: { category: string | null }[] = await page.evaluate(async () => {
      const res = await fetch('/api/subscriptions')
      return ((await res.json()) as { data: { category: string | null }[] }).data
    })
    expect(subscriptions).toHaveLength(FEEDS)
    expect(new Set(subscriptions.map((s) => s.category))).toEqual(new Set(['Gardening']))
    // The sidebar shows the OPML folder as a category.
    await page.locator('nav, aside').getByText('Gardening').first().waitFor({ timeout: 30_000 })
    await screenshot(page, 'opml-02-imported')

    // The same file again: everything is already followed, nothing is selected.
    await page.getByTestId('opml-file').setInputFiles(opmlFile())
    await page.waitForFunction(() => document.querySelector('[data-testid="opml-import"]')?.hasAttribute('disabled'), undefined, { timeout: 30_000 })
    expect(await page.getByTestId('opml').getByText('Following').count()).toBe(FEEDS)
  })
})

// Browser globals used inside page callbacks (e2e compiles without DOM types).
declare const document: any
