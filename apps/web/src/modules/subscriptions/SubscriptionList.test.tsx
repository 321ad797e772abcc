import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import '../../i18n/index.ts'
import { useFeedStore } from '../../store/entities/feeds.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { useUnreadStore } from '../../store/entities/unread.ts'
import type { Feed } from '../../store/index.ts'
import { useLayoutStore } from '../layout/useLayoutStore.ts'
import { SubscriptionList } from './SubscriptionList.tsx'
import { feedSubscription } from '../../test/fixtures.ts'

const sub = feedSubscription

const feed = (id: string, title: string): Feed => ({
  type: 'feed',
  id,
  title,
  url: `https://example.com/${id}.xml`,
  description: null,
  image: null,
  errorAt: null,
  siteUrl: null,
  ownerUserId: null,
  errorMessage: null,
  subscriptionCount: null,
  updatesPerWeek: null,
  latestEntryPublishedAt: null,
  tipUserIds: [],
  updatedAt: null,
})

describe('SubscriptionList', () => {
  // jsdom lays nothing out; give the scroller a size so the virtual list renders rows.
  const sizes = { clientHeight: 800, clientWidth: 256, offsetHeight: 32, offsetWidth: 256 }
  const originals = Object.fromEntries(Object.keys(sizes).map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]))
  beforeAll(() => {
    for (const [k, v] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v })
  })
  afterAll(() => {
    for (const [k, d] of Object.entries(originals)) if (d) Object.defineProperty(HTMLElement.prototype, k, d)
  })

  beforeEach(() => {
    useFeedStore.getState().upsert([feed('1', 'Daily Planet'), feed('2', 'Gotham Gazette'), feed('3', 'Metropolis Weekly')])
    useSubscriptionStore.getState().replaceAll([sub('1'), sub('2', { category: 'Comics', isPrivate: true }), sub('3', { category: 'Comics', hideFromTimeline: true })])
    useUnreadStore.getState().replaceAll({ '1': 1234, '2': 5, '3': 2_500_000 })
    useLayoutStore.setState({ openFolders: {} })
  })

  it('shows categories as folders with totals and loose feeds with shortened counts', async () => {
    render(
      <MemoryRouter>
        <SubscriptionList view={0} params={null} />
      </MemoryRouter>,
    )
    const folder = await screen.findByTestId('folder-row')
    expect(folder.textContent).toContain('Comics')
    expect(folder.textContent).toContain('2.5M')
    const rows = screen.getAllByTestId('subscription-row')
    expect(rows).toHaveLength(1)
    expect(rows[0].textContent).toContain('Daily Planet')
    expect(within(rows[0]).getByTestId('unread-count').textContent).toBe('1.2K')
  })

  it('opens a folder (kept in the layout store) and marks private and hidden feeds', async () => {
    useLayoutStore.getState().setFolderOpen(0, 'Comics', true)
    render(
      <MemoryRouter>
        <SubscriptionList view={0} params={null} />
      </MemoryRouter>,
    )
    await screen.findByTestId('folder-row')
    const rows = screen.getAllByTestId('subscription-row')
    expect(rows.map((r) => r.getAttribute('title'))).toEqual(['Gotham Gazette', 'Metropolis Weekly', 'Daily Planet'])
    expect(within(rows[0]).getByRole('img', { name: 'Private' })).toBeTruthy()
    expect(within(rows[1]).getByRole('img', { name: 'Hidden from timeline' })).toBeTruthy()
    expect(useLayoutStore.getState().openFolders['0:Comics']).toBe(true)
  })
})
