import { describe, expect, it } from 'vitest'
import { parseTimelineParams, timelinePath, viewOfTimelineId } from './routeParams.ts'

describe('timeline route parameters', () => {
  it('builds the default timeline path', () => {
    expect(timelinePath()).toBe('/timeline/view-0/all/pending')
    expect(timelinePath({ view: 3, feedId: 'list-42' })).toBe('/timeline/view-3/list-42/pending')
  })

  it('reads the view from the timeline id and falls back to Articles', () => {
    expect(viewOfTimelineId('view-2')).toBe(2)
    expect(viewOfTimelineId('view-9')).toBe(0)
    expect(viewOfTimelineId('nonsense')).toBe(0)
  })

  it('derives the flags and ids', () => {
    expect(parseTimelineParams({ timelineId: 'view-1', feedId: 'all', entryId: 'pending' })).toMatchObject({
      view: 1,
      isAllFeeds: true,
      isPendingEntry: true,
      isCollection: false,
    })
    expect(parseTimelineParams({ timelineId: 'view-0', feedId: 'folder-Tech', entryId: '123' })).toMatchObject({
      folderName: 'Tech',
      isAllFeeds: false,
      isPendingEntry: false,
      entryId: '123',
    })
    expect(parseTimelineParams({ feedId: 'inbox-me' }).inboxId).toBe('me')
    expect(parseTimelineParams({ feedId: 'list-7' }).listId).toBe('7')
    expect(parseTimelineParams({ feedId: 'collections' }).isCollection).toBe(true)
  })
})
