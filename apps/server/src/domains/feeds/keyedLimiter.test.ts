import { describe, expect, it } from 'vitest'
import { createKeyedLimiter } from './keyedLimiter.ts'

const tick = () => new Promise((r) => setTimeout(r, 5))

describe('createKeyedLimiter', () => {
  it('runs at most `limit` tasks per key and never blocks other keys', async () => {
    const limiter = createKeyedLimiter(2)
    let peakA = 0
    let nowA = 0
    let doneB = false
    const taskA = () =>
      limiter.run('a', async () => {
        nowA++
        peakA = Math.max(peakA, nowA)
        await tick()
        nowA--
      })
    const all = Array.from({ length: 7 }, taskA)
    await limiter.run('b', async () => {
      doneB = true
    })
    expect(doneB).toBe(true)
    expect(limiter.active('a')).toBe(2)
    await Promise.all(all)
    expect(peakA).toBe(2)
    expect(limiter.active('a')).toBe(0)
  })

  it('frees the slot when a task throws', async () => {
    const limiter = createKeyedLimiter(1)
    await expect(limiter.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(limiter.run('a', async () => 42)).resolves.toBe(42)
    expect(limiter.active('a')).toBe(0)
  })
})
