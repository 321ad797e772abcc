import { describe, expect, it, vi } from 'vitest'
import { createReadBatcher } from './useReadMarking.ts'

describe('createReadBatcher', () => {
  it('sends ids in one batch, each id once', () => {
    vi.useFakeTimers()
    const send = vi.fn()
    const batcher = createReadBatcher(send, 100)
    batcher.add(['a', 'b'])
    batcher.add(['b', 'c'])
    expect(send).not.toHaveBeenCalled()
    vi.advanceTimersByTime(100)
    expect(send).toHaveBeenCalledWith(['a', 'b', 'c'])
    batcher.add(['a', 'd'])
    vi.advanceTimersByTime(100)
    expect(send).toHaveBeenLastCalledWith(['d'])
    vi.useRealTimers()
  })
})
