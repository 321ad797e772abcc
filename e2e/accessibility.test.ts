/**
 * Issue 15's accessibility check: axe-core injected into Chromium on the main screens — the login
 * page, the Articles timeline (entries from a loopback feed farm), an open entry, settings and
 * discover. Any violation of impact "serious" or "critical" fails the test, and every violation found
 * (any impact) is printed with its nodes. Then the keyboard: Tab reaches a timeline row's link and
 * Enter opens the entry, with a screenshot of the focused row (its focus ring).
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, screenshot, signUpInBrowser, openPage } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

// Browser globals used inside page callbacks (e2e compiles without DOM types).
declare const document: any
declare const window: any

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface AxeNode { target: unknown[]; html: string; failureSummary?: string }
interface AxeViolation { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] }

/** Runs axe on the page as it is now (WCAG 2.x A/AA + best practices) and returns its violations. */
async function axe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ content: AXE_SOURCE })
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v: any) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n: any) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }))
  })
}

function describeViolations(screen: string, violations: AxeViolation[]): string {
  return violations
    .map((v) => [`[${screen}] ${v.impact ?? 'unknown'} ${v.id}: ${v.help} (${v.helpUrl})`, ...v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.html.slice(0, 200)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)].join('\n'))
    .join('\n')
}

/** Prints every violation and fails on any serious or critical one. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await axe(page)
  if (violations.length) console.log(describeViolations(screen, violations))
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(blocking.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}`), describeViolations(screen, blocking)).toEqual([])
}

describeBrowser('accessibility', () => {
  let server: BrookServer
  let farm: FeedFarm
  let browser: Browser
  let page: Page
  const user = { name: 'Alan Turing', email: `alan+${Date.now()}@example.com`, password: 'correct horse battery' }

  beforeAll(async () => {
    farm = await startFeedFarm()
    const now = Date.now()
    farm.setFeed('/notes.xml', {
      title: 'Garden Notes',
      siteUrl: farm.url('/'),
      description: 'Notes from a garden',
      entries: Array.from({ length: 6 }, (_, i) => ({
        id: `note-${i}`,
        title: ['Tomatoes in the sun', 'Watering by hand', 'Compost at last', 'The fig tree', 'Seeds for spring', 'First frost'][i],
        url: `${farm.origin}/notes/${i}`,
        author: 'Ada',
        content: `<p>Garden note ${i + 1}. <a href="${farm.origin}/more">Read more about the garden</a>.</p><h2>Next</h2><p>${'Slow work in good soil. '.repeat(8)}</p>`,
        published: new Date(now - i * 3_600_000),
      })),
    })
    server = await startServer()
    browser = await launchBrowser()
    ;({ page } = await openPage(browser, { viewport: { width: 1440, height: 900 } }))
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
  })

  it('the login page has no serious or critical violations', async () => {
    await page.goto(`${server.url}/login`)
    await page.getByLabel('E-mail').waitFor()
    await expectAccessible(page, 'login')
  })

  it('registers', async () => {
    await signUpInBrowser(page, server.url, user)
  })

  it('the Articles timeline with entries has none', async () => {
    await page.getByTestId('quick-add-button').click()
    await page.getByTestId('discover-input').fill(farm.url('/notes.xml'))
    await page.getByTestId('discover-submit').click()
    await page.getByTestId('follow-panel').waitFor()
    await page.getByTestId('subscription-form').getByRole('button', { name: 'Follow' }).click()
    await page.locator('[data-testid="subscription-row"]', { hasText: 'Garden Notes' }).waitFor({ timeout: 30_000 })
    await page.goto(`${server.url}/timeline/view-0/all/pending`)
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="entry-item"]').length >= 6, undefined, { timeout: 30_000 })
    await expectAccessible(page, 'timeline')
  })

  it('Tab reaches a timeline row link, its focus ring shows, and Enter opens the entry', async () => {
    await page.locator('body').click({ position: { x: 1, y: 1 } })
    let focused = ''
    for (let i = 0; i < 80 && !focused.startsWith('Open: '); i++) {
      await page.keyboard.press('Tab')
      focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')
    }
    expect(focused).toMatch(/^Open: /)
    const title = focused.slice('Open: '.length)
    // The focused row is visibly marked: an outline or box-shadow on the link or its row.
    const ring = await page.evaluate(() => {
      const link = document.activeElement
      const row = link.closest('[data-testid="entry-item"]') ?? link
      const shows = (el: any) => {
        const s = window.getComputedStyle(el)
        return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow && s.boxShadow !== 'none')
      }
      return Boolean(shows(link) || shows(row))
    })
    expect(ring).toBe(true)
    await screenshot(page, 'accessibility-01-row-focused')
    await page.keyboard.press('Enter')
    await page.getByTestId('entry-reader').waitFor()
    await page.getByTestId('entry-title').filter({ hasText: title }).waitFor()
    await page.getByTestId('entry-content').getByText('Next').waitFor({ timeout: 30_000 })
  })

  it('an open entry has none', async () => {
    await expectAccessible(page, 'entry')
  })

  it('settings has none', async () => {
    await page.goto(`${server.url}/settings/general`)
    await page.locator('h1, h2, h3').first().waitFor()
    await page.waitForTimeout(800)
    await expectAccessible(page, 'settings')
  })

  it('discover has none', async () => {
    await page.goto(`${server.url}/discover`)
    await page.locator('input').first().waitFor()
    await page.waitForTimeout(800)
    await expectAccessible(page, 'discover')
  })
})
