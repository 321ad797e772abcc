import { describe, expect, it } from 'vitest'
import { amountProblem, formatPower, parsePower, power, powerLevel, MAX_POWER_AMOUNT } from './power.ts'

describe('POWER amounts', () => {
  it('accepts positive whole smallest units up to 2^255 and names every other problem', () => {
    expect(amountProblem('1')).toBeNull()
    expect(amountProblem(MAX_POWER_AMOUNT.toString())).toBeNull()
    expect(amountProblem((MAX_POWER_AMOUNT + 1n).toString())).toMatch(/2\^255/)
    expect(amountProblem('0')).toMatch(/greater than zero/)
    expect(amountProblem('-5')).toMatch(/negative/)
    expect(amountProblem('1.5')).toMatch(/whole number/)
    expect(amountProblem('abc')).toMatch(/digits/)
    expect(amountProblem(5)).toMatch(/string/)
    expect(amountProblem('9'.repeat(200))).toMatch(/2\^255/)
  })

  it('parses typed POWER exactly, 18 decimals at most', () => {
    expect(parsePower('1.5')).toBe(1_500_000_000_000_000_000n)
    expect(parsePower('0.000000000000000001')).toBe(1n)
    expect(parsePower('0.0000000000000000001')).toBeNull()
    expect(parsePower('0')).toBeNull()
    expect(parsePower('-1')).toBeNull()
    expect(parsePower('1e3')).toBeNull()
    expect(parsePower('.5')).toBe(power(1) / 2n)
  })

  it('formats without floats', () => {
    expect(formatPower(power(1234567))).toBe('1,234,567')
    expect(formatPower('1500000000000000000')).toBe('1.5')
    expect(formatPower('1')).toBe('0')
    expect(formatPower('1', 18)).toBe('0.000000000000000001')
    expect(formatPower((2n ** 255n).toString())).toMatch(/^57,896,044,618,658,097,711,785,492,504,343,953,926,634,992,332,820,282,019,728\.792$/)
  })

  it('levels by balance', () => {
    expect(powerLevel('0')).toBe(0)
    expect(powerLevel(power(1))).toBe(1)
    expect(powerLevel(power(99))).toBe(2)
    expect(powerLevel(power(10 ** 9))).toBe(5)
  })
})
