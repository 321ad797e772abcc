/**
 * Features behind the admin's flags disappearing in Chromium (issue 19): Bob has the POWER page
 * link and opens the AI chat with its shortcut; the admin turns POWER and AI chat off for Bob
 * alone from the flag's details (stats and accounts set by hand shown); after a reload Bob has no
 * POWER link, /power sends him home and the chat shortcut opens nothing. Turning registration off
 * takes the sign-up form away from visitors. RSSHub, invitations and achievements turned off for
 * Cara take away the RSSHub link, page and Discover section, the Invitations settings and the
 * achievements; with POWER off for her a paid list cannot be followed and an achievement is
 * received with its reward pending, paid once POWER is back.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

const TIMELINE_URL = /\/timeline\/view-0\/all\/pending$/

describeBrowser('features behind flags', () => {
  let server: BrookServer
  let browser: Browser
  let admin: Page
  const contexts: BrowserContext[] = []

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light' })
    contexts.push(context)
    return context.newPage()
  }

  async function signUp(page: Page, name: string) {
    await page.goto(`${server.url}/login?mode=signup`)
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('E-mail').fill(`${name.toLowerCase()}+${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await page.waitForURL(TIMELINE_URL)
  }

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
  })

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
    await server?.stop()
  })

  it('POWER and AI chat turned off for one account disappear from its app', { timeout: 300_000 }, async () => {
    admin = await newPage()
    await signUp(admin, 'Owner')
    const bob = await newPage()
    await signUp(bob, 'Bob')

    // Before: the POWER link is there and Ctrl+/ opens the chat.
    const powerLink = bob.getByRole('link', { name: 'POWER' })
    await powerLink.waitFor()
    await bob.keyboard.press('Control+/')
    await bob.getByTestId('ai-chat-panel').waitFor()
    await bob.keyboard.press('Control+/')
    await bob.getByTestId('ai-chat-panel').waitFor({ state: 'detached' })

    // The admin sets both off for Bob by hand, from each flag's details.
    await admin.goto(`${server.url}/settings/admin`)
    for (const [flag, label] of [['power', 'POWER'], ['ai_chat', 'AI chat']] as const) {
      await admin.getByRole('button', { name: `Details of ${label}` }).click()
      const details = admin.locator(`[data-testid="admin-flag-details"][data-flag="${flag}"]`)
      await details.getByText('No account is set by hand.').waitFor()
      await details.getByRole('searchbox').fill('bob')
      await details.getByRole('button', { name: 'Turn off for Bob' }).click()
      await details.getByTestId('admin-flag-affected').getByText('Bob').waitFor()
      await expect.poll(() => details.getByTestId('admin-flag-stats').textContent(), { timeout: 20_000 }).toBe('On for 1 of 2 accounts · 0 turned on and 1 turned off by hand')
    }
    await admin.locator('[data-testid="admin-flag-details"][data-flag="power"]').scrollIntoViewIfNeeded()
    await screenshot(admin, 'flag-gates-01-admin-details')

    // After a reload Bob's app has neither.
    await bob.reload()
    await bob.getByRole('link', { name: 'Discover' }).waitFor()
    await expect.poll(() => bob.getByRole('link', { name: 'POWER' }).count(), { timeout: 20_000 }).toBe(0)
    await bob.keyboard.press('Control+/')
    await bob.goto(`${server.url}/power`)
    await bob.waitForURL(TIMELINE_URL)
    expect(await bob.getByTestId('ai-chat-panel').count()).toBe(0)
    await screenshot(bob, 'flag-gates-02-bob-without-power')
    // The owner still has both.
    await admin.goto(`${server.url}/`)
    await admin.getByRole('link', { name: 'POWER' }).waitFor()

    // Back to the rollout: Bob has them again.
    await admin.goto(`${server.url}/settings/admin`)
    await admin.getByRole('button', { name: 'Details of POWER' }).click()
    await admin.locator('[data-testid="admin-flag-details"][data-flag="power"]').getByRole('button', { name: 'Back to the rollout' }).click()
    await admin.locator('[data-testid="admin-flag-details"][data-flag="power"]').getByText('No account is set by hand.').waitFor()
    await bob.reload()
    await bob.getByRole('link', { name: 'POWER' }).waitFor()
  })

  it('registration turned off takes the sign-up form away from visitors', { timeout: 180_000 }, async () => {
    const visitor = await newPage()
    await visitor.goto(`${server.url}/login?mode=signup`)
    await visitor.getByRole('button', { name: 'Create account', exact: true }).waitFor()

    await admin.goto(`${server.url}/settings/admin`)
    await admin.getByRole('switch', { name: 'Registration on' }).click()
    await expect.poll(() => admin.getByRole('switch', { name: 'Registration on' }).getAttribute('aria-checked'), { timeout: 20_000 }).toBe('false')

    await visitor.reload()
    await visitor.getByTestId('registration-off').waitFor()
    expect(await visitor.getByTestId('registration-off').textContent()).toBe('New accounts are not being made on this instance.')
    expect(await visitor.getByRole('button', { name: 'Create account', exact: true }).count()).toBe(0)
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
    await screenshot(visitor, 'flag-gates-03-registration-off')

    await admin.getByRole('switch', { name: 'Registration on' }).click()
    await expect.poll(() => admin.getByRole('switch', { name: 'Registration on' }).getAttribute('aria-checked'), { timeout: 20_000 }).toBe('true')
    await visitor.reload()
    await visitor.getByRole('button', { name: 'Create account', exact: true }).waitFor()
  })

  it('RSSHub, invitations and achievements off for one account, and POWER kept still for it', { timeout: 300_000 }, async () => {
    // Alone (-t), this test makes the instance's first account, its admin, itself.
    if (!admin) {
      admin = await newPage()
      await signUp(admin, 'Owner')
    }
    const cara = await newPage()
    await signUp(cara, 'Cara')
    const api = (page: Page, method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown) =>
      page.request[method](`${server.url}${path}`, { data, headers: { origin: server.url } }).then((r) => r.json())
    const caraId = (await api(cara, 'get', '/api/auth/get-session')).user.id as string
    const setOverride = (flag: string, enabled: boolean) => api(admin, 'post', `/api/admin/feature-flags/${flag}/overrides`, { userId: caraId, enabled })
    const dropOverride = (flag: string) => api(admin, 'delete', `/api/admin/feature-flags/${flag}/overrides/${caraId}`)
    const sidebarNav = cara.getByTestId('sidebar').locator('nav')

    // Before: the RSSHub link, Discover's RSSHub routes, Settings → Invitations, the achievements.
    await sidebarNav.getByRole('link', { name: 'RSSHub' }).waitFor()
    await cara.goto(`${server.url}/discover`)
    await cara.getByTestId('discover-rsshub').waitFor()
    await cara.goto(`${server.url}/settings/profile`)
    await cara.getByRole('heading', { name: 'Achievements' }).waitFor()
    await cara.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Invitations' }).waitFor()

    // The admin turns the three off for Cara; one of them from the flag's details, like an admin would.
    await admin.goto(`${server.url}/settings/admin`)
    await admin.getByRole('button', { name: 'Details of RSSHub' }).click()
    const details = admin.locator('[data-testid="admin-flag-details"][data-flag="rsshub"]')
    await details.getByRole('searchbox').fill('cara')
    await details.getByRole('button', { name: 'Turn off for Cara' }).click()
    await details.getByTestId('admin-flag-affected').getByText('Cara').waitFor()
    expect((await setOverride('invitations', false)).code).toBe(0)
    expect((await setOverride('achievements', false)).code).toBe(0)

    await cara.goto(`${server.url}/discover`)
    await cara.getByTestId('discover-search').waitFor()
    await expect.poll(() => sidebarNav.getByRole('link', { name: 'RSSHub' }).count(), { timeout: 20_000 }).toBe(0)
    expect(await cara.getByTestId('discover-rsshub').count()).toBe(0)
    await cara.getByText('Find feeds and lists to follow.').waitFor()
    await sidebarNav.getByRole('link', { name: 'Discover' }).waitFor()
    await screenshot(cara, 'flag-gates-04-discover-without-rsshub')
    await cara.goto(`${server.url}/rsshub`)
    await cara.waitForURL(TIMELINE_URL)
    await cara.goto(`${server.url}/settings/profile`)
    await cara.getByRole('heading', { name: 'Two-factor authentication' }).waitFor()
    // The configuration is read again on load (the one kept from the last visit may be stale for a moment).
    await expect.poll(() => cara.getByRole('heading', { name: 'Achievements' }).count(), { timeout: 20_000 }).toBe(0)
    const settingsNav = cara.getByRole('navigation', { name: 'Settings' })
    await settingsNav.getByRole('link', { name: 'Plan' }).waitFor()
    await expect.poll(() => settingsNav.getByRole('link', { name: 'Invitations' }).count(), { timeout: 20_000 }).toBe(0)
    await screenshot(cara, 'flag-gates-05-settings-without-invitations-and-achievements')
    await cara.goto(`${server.url}/settings/invitations`)
    await cara.waitForURL(/\/settings$/)
    await cara.goto(`${server.url}/settings/plan`)
    await cara.getByTestId('plan-role').waitFor()
    expect(await cara.getByTestId('plan-by-invitation').count()).toBe(0)
    // The owner keeps all three.
    await admin.goto(`${server.url}/discover`)
    await admin.getByTestId('discover-rsshub').waitFor()

    // POWER off for Cara: a paid list says why it cannot be followed, and offers no Follow button.
    for (const flag of ['rsshub', 'invitations', 'achievements']) expect((await dropOverride(flag)).code).toBe(0)
    expect((await api(admin, 'post', '/api/lists', { title: 'Owner’s paid picks', view: 0, fee: 3 })).code).toBe(0)
    expect((await setOverride('power', false)).code).toBe(0)
    await cara.goto(`${server.url}/discover`)
    await cara.getByTestId('discover-input').fill('paid picks')
    await cara.getByTestId('discover-submit').click()
    await cara.getByTestId('list-fee-power-off').waitFor()
    expect(await cara.getByTestId('list-fee-power-off').textContent()).toBe('This list costs 3 POWER to follow, and POWER is turned off for you on this instance: it cannot be followed now.')
    expect(await cara.getByRole('button', { name: 'Follow', exact: true }).count()).toBe(0)
    await screenshot(cara, 'flag-gates-06-paid-list-power-off')

    // An achievement received with POWER off: received, reward pending, no amounts shown.
    expect((await api(cara, 'post', '/api/lists', { title: 'Cara’s list', view: 0 })).code).toBe(0)
    await cara.goto(`${server.url}/settings/profile`)
    await cara.getByRole('button', { name: 'Receive Curator' }).click()
    await cara.getByTestId('achievement-reward-pending').waitFor()
    expect(await cara.getByText('10 POWER').count()).toBe(0)
    // Achievements that need POWER (daily claims, tips) are not offered meanwhile.
    expect(await cara.getByText('A week of claims').count()).toBe(0)
    await cara.getByText('Automator').waitFor()
    await cara.getByTestId('achievement-reward-pending').scrollIntoViewIfNeeded()
    await screenshot(cara, 'flag-gates-07-achievement-reward-pending')
    // POWER back: the section's recompute pays the reward, once.
    expect((await dropOverride('power')).code).toBe(0)
    await cara.reload()
    const curator = cara.locator('[data-testid="achievement-row"][data-state="received"]').filter({ hasText: 'Curator' })
    await curator.getByText('Received', { exact: true }).waitFor({ timeout: 20_000 })
    expect(await cara.getByTestId('achievement-reward-pending').count()).toBe(0)
    await expect.poll(async () => (await api(cara, 'get', '/api/wallets')).data[0].powerToken, { timeout: 20_000 }).toBe('10000000000000000000')
  })
})
