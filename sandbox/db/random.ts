/** A small seeded generator (mulberry32) so the demo data is the same for the same seed. */
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const chance = (p: number) => next() < p
  return { next, int, pick, chance }
}

export type Random = ReturnType<typeof createRandom>

/** A stable number from a text, to derive one seed per database from the base seed. */
export function hashSeed(seed: number, text: string): number {
  let h = seed >>> 0 || 1
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 2654435761) >>> 0
  return h
}
