/** A seeded PRNG (mulberry32) and pickers, so a failing random test replays from its seed. */
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]
    },
    /** A random subset (each item kept with probability p). */
    subset<T>(items: readonly T[], p = 0.3): T[] {
      return items.filter(() => next() < p)
    },
    chance: (p: number) => next() < p,
  }
}
