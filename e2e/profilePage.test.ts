/**
 * The public profile page in Chromium against a real server: /share/users/{handle} shows the
 * picture, name, bio and links, the subscriptions not made private and the lists the person owns;
 * a signed-out visitor is asked to sign in until the owner shows the profile to everyone.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, openPage, screenshot, signUpInBrowser } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

describeBrowser('public profile page', () => {
  let server: BrookServer
  let farm: FeedFarm
  let browser: Browser
  let ada: Page
  let visitor: Page

  /** An API call made by Ada's page (her session cookie), answering the envelope's data. */
  const call = async (method: string, path: string, body?: unknown) =>
    ada.evaluate(
      async ([m, p, b]) => {
        const res = await fetch(`/api${p}`, { method: m, headers: { 'content-type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) })
        const json = (await res.json()) as { code?: number; data?: unknown }
        if (json.code !== undefined && json.code !== 0) throw new Error(`${m} ${p}: ${JSON.stringify(json)}`)
        return json.data ?? json
      },
      [method, path, body] as const,
    )

  beforeAll(async () => {
    farm = await startFeedFarm()
    for (const [path, title] of [['/engines.xml', 'Engines Weekly'], ['/looms.xml', 'Loom Notes'], ['/diary.xml', 'Private Diary']]) {
      farm.setFeed(path, { title, siteUrl: farm.url('/'), entries: [{ id: `${path}-1`, title: `${title} 1`, url: `${farm.origin}${path}/1`, content: '<p>Hello.</p>', published: new Date() }] })
    }
    server = await startServer()
    browser = await launchBrowser()
    ;({ page: ada } = await openPage(browser))
    ;({ page: visitor } = await openPage(browser))
    await signUpInBrowser(ada, server.url, { name: 'Ada Lovelace', email: `ada+${Date.now()}@example.com`, password: 'correct horse battery' })
    await call('POST', '/auth/update-user', { handle: 'ada', bio: 'Counting engines since 1843', website: 'https://ada.example', socialLinks: { github: 'ada' } })
    await call('POST', '/subscriptions', { url: farm.url('/engines.xml'), view: 0, category: 'Machines' })
    await call('POST', '/subscriptions', { url: farm.url('/looms.xml'), view: 2 })
    await call('POST', '/subscriptions', { url: farm.url('/diary.xml'), view: 0, isPrivate: true })
    await call('POST', '/lists', { title: 'Analytical reading', description: 'What I read about engines', view: 0, fee: 0 })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
  })

  it('shows a signed-in person the profile with its public subscriptions and lists', async () => {
    await ada.goto(`${server.url}/share/users/ada`)
    await ada.getByTestId('profile-name').getByText('Ada Lovelace').waitFor()
    await ada.getByTestId('profile-bio').getByText('Counting engines since 1843').waitFor()
    const subscriptions = ada.getByTestId('profile-subscriptions')
    await subscriptions.getByText('Engines Weekly').waitFor()
    await subscriptions.getByText('Loom Notes').waitFor()
    expect(await subscriptions.getByText('Private Diary').count()).toBe(0)
    await ada.getByTestId('profile-lists').getByText('Analytical reading').waitFor()
    await ada.getByRole('link', { name: 'ada.example' }).waitFor()
    await screenshot(ada, 'profile-page-01-signed-in')
  })

  it('asks a signed-out visitor to sign in, then shows the profile once it is public', async () => {
    await visitor.goto(`${server.url}/share/users/ada`)
    await visitor.getByTestId('profile-missing').getByText('Sign in to see this profile').waitFor()
    // Nothing says whether a hidden profile exists: an unknown handle reads the same to a visitor.
    await visitor.goto(`${server.url}/share/users/nobody-at-all`)
    await visitor.getByTestId('profile-missing').getByText('Sign in to see this profile').waitFor()

    await call('PATCH', '/settings/general', { profileVisibility: 'everyone' })
    await visitor.goto(`${server.url}/share/users/ada`)
    await visitor.getByTestId('profile-name').getByText('Ada Lovelace').waitFor()
    await visitor.getByTestId('profile-subscriptions-hidden').waitFor()
    expect(await visitor.getByText('Engines Weekly').count()).toBe(0)

    await call('PATCH', '/settings/general', { subscriptionsVisibility: 'everyone' })
    await visitor.reload()
    await visitor.getByTestId('profile-subscriptions').getByText('Engines Weekly').waitFor()
    expect(await visitor.getByText('Private Diary').count()).toBe(0)
    await screenshot(visitor, 'profile-page-02-signed-out')
  })
})
