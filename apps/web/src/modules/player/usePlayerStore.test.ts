import { beforeEach, describe, expect, it } from 'vitest'
import { usePlayerStore } from './usePlayerStore.ts'

describe('player store', () => {
  beforeEach(() => usePlayerStore.setState({ src: null, status: 'paused', show: false, currentTime: 0, duration: 0 }))

  it('starts a track: shown, loading, then playing when the element says so', () => {
    usePlayerStore.getState().play({ src: 'https://x/a.mp3', entryId: '1', title: 'Ep 1', source: 'Pod' })
    expect(usePlayerStore.getState()).toMatchObject({ show: true, status: 'loading', src: 'https://x/a.mp3', listId: '1' })
    usePlayerStore.getState().report({ status: 'playing', duration: 100 })
    usePlayerStore.getState().toggle()
    expect(usePlayerStore.getState().status).toBe('paused')
  })

  it('clamps seeks to 0 and the duration', () => {
    usePlayerStore.getState().play({ src: 'https://x/a.mp3', entryId: '1', title: '', source: '' })
    usePlayerStore.getState().report({ duration: 60 })
    usePlayerStore.getState().seekBy(-5)
    expect(usePlayerStore.getState().currentTime).toBe(0)
    usePlayerStore.getState().seek(90)
    expect(usePlayerStore.getState().currentTime).toBe(60)
  })

  it('stores an infinite duration as 0', () => {
    usePlayerStore.getState().report({ duration: Number.POSITIVE_INFINITY, currentTime: 12 })
    expect(usePlayerStore.getState()).toMatchObject({ duration: 0, currentTime: 0 })
  })

  it('close hides and pauses', () => {
    usePlayerStore.getState().play({ src: 'https://x/a.mp3', entryId: '1', title: '', source: '' })
    usePlayerStore.getState().close()
    expect(usePlayerStore.getState()).toMatchObject({ show: false, status: 'paused' })
  })
})
