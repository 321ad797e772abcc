import { describe, expect, it } from 'vitest'
import { createIdGenerator, idTimestamp, isValidId, newId } from './ids.ts'

describe('ids', () => {
  it('are valid, increasing and carry their timestamp', () => {
    const at = Date.UTC(2026, 10, 21, 12)
    const gen = createIdGenerator(3, () => at)
    const a = gen()
    const b = gen()
    expect(isValidId(a)).toBe(true)
    expect(BigInt(b) > BigInt(a)).toBe(true)
    expect(idTimestamp(a)).toBe(at)
  })

  it('stay unique when the sequence of one millisecond is exhausted', () => {
    const gen = createIdGenerator(0, () => Date.UTC(2025, 0, 1))
    const seen = new Set<string>()
    for (let i = 0; i < 10_000; i++) seen.add(gen())
    expect(seen.size).toBe(10_000)
  })

  it('survive a clock that steps backwards', () => {
    let t = Date.UTC(2025, 5, 1)
    const gen = createIdGenerator(0, () => t)
    const a = gen()
    t -= 5000
    expect(BigInt(gen()) > BigInt(a)).toBe(true)
  })

  it('reject malformed ids per SPEC §4', () => {
    expect(isValidId(newId())).toBe(true)
    expect(isValidId('123')).toBe(false) // too short
    expect(isValidId('12345678901234567890')).toBe(false) // 20 digits
    expect(isValidId('9223372036854775808')).toBe(false) // beyond signed 64-bit
    expect(isValidId('abc1234567890123')).toBe(false)
    expect(isValidId(12345678901234)).toBe(false)
    // 13 digits: a timestamp just after the epoch, in 2024
    expect(isValidId('1000000000000')).toBe(true)
    // year beyond 2050
    const late = (BigInt(Date.UTC(2051, 0, 2) - Date.UTC(2024, 0, 1)) << 22n).toString()
    expect(isValidId(late)).toBe(false)
  })

  it('reject worker ids out of range', () => {
    expect(() => createIdGenerator(1024)).toThrow(RangeError)
  })
})
