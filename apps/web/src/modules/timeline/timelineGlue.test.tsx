import { renderHook, act } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { parseTimelineParams } from '../../lib/routeParams.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { markAllFilterOf } from './markTimelineRead.ts'
import { neighbourEntry } from './timelineNav.ts'
import { useRefetchOnSourcesChange } from './useRefetchOnSourcesChange.ts'
import { feedSubscription } from '../../test/fixtures.ts'

const sub = feedSubscription

describe('timeline glue', () => {
  beforeEach(() => useSubscriptionStore.getState().reset())

  it('steps through the open timeline', () => {
    expect(neighbourEntry(['a', 'b', 'c'], 'b', 1)).toBe('c')
    expect(neighbourEntry(['a', 'b', 'c'], 'b', -1)).toBe('a')
    expect(neighbourEntry(['a', 'b', 'c'], 'c', 1)).toBeNull()
    expect(neighbourEntry(['a', 'b', 'c'], null, 1)).toBe('a')
    expect(neighbourEntry([], null, 1)).toBeNull()
  })

  it('turns a route into the mark-all-read filter of SPEC §7', () => {
    useSubscriptionStore.getState().replaceAll([sub('1', { category: 'News' }), sub('2', { category: 'News' }), sub('3')])
    const p = (feedId: string) => parseTimelineParams({ timelineId: 'view-0', feedId })
    expect(markAllFilterOf(p('all'), true)).toEqual({ view: 0, excludePrivate: true })
    expect(markAllFilterOf(p('folder-News'), false)).toEqual({ feedIdList: ['1', '2'] })
    expect(markAllFilterOf(p('list-9'), false)).toEqual({ listId: '9' })
    expect(markAllFilterOf(p('inbox-me'), false)).toEqual({ inboxId: 'me' })
    expect(markAllFilterOf(p('3'), false)).toEqual({ feedId: '3' })
    expect(markAllFilterOf(p('collections'), false)).toBeNull()
  })

  it('asks for the timeline again when the view gains or loses a subscription, not at the first load', () => {
    const refetch = vi.fn(() => Promise.resolve())
    renderHook(() => useRefetchOnSourcesChange(0, refetch))
    act(() => useSubscriptionStore.getState().replaceAll([sub('1')]))
    expect(refetch).not.toHaveBeenCalled()
    act(() => useSubscriptionStore.getState().upsert([sub('2')]))
    expect(refetch).toHaveBeenCalledTimes(1)
    act(() => useSubscriptionStore.getState().upsert([sub('5', { view: 2 })]))
    expect(refetch).toHaveBeenCalledTimes(1)
    act(() => useSubscriptionStore.getState().remove(['feed/1']))
    expect(refetch).toHaveBeenCalledTimes(2)
  })
})
