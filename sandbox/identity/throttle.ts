/**
 * Sign-in throttling: failed passwords are counted per user and per client address over a
 * sliding window; past a limit, sign-in is refused (429 with Retry-After) even with the right
 * password, until the oldest failure leaves the window. Kept in memory: a restart forgets it,
 * and the number of keys is capped so a spray of made-up usernames cannot grow it without end.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000
export const USER_LIMIT = 5
export const ADDRESS_LIMIT = 20
const MAX_KEYS = 10_000

export function createSignInThrottle(windowMs = SIGN_IN_WINDOW_MS) {
  const failures = new Map<string, number[]>()

  const recent = (key: string, now: number) => {
    const times = (failures.get(key) ?? []).filter((t) => now - t < windowMs)
    if (times.length === 0) failures.delete(key)
    else failures.set(key, times)
    return times
  }

  return {
    /**
     * Seconds until sign-in is allowed again for this user from this address, or 0 when it is
     * allowed now.
     */
    retryAfter(user: string, address: string, now: number): number {
      let wait = 0
      for (const [key, limit] of [
        [`user:${user.toLowerCase()}`, USER_LIMIT],
        [`address:${address}`, ADDRESS_LIMIT],
      ] as const) {
        const times = recent(key, now)
        if (times.length >= limit) {
          const freed = times[times.length - limit]! + windowMs
          wait = Math.max(wait, Math.ceil((freed - now) / 1000))
        }
      }
      return wait
    },
    /** Counts a failed password for the user and the address. */
    failed(user: string, address: string, now: number) {
      for (const key of [`user:${user.toLowerCase()}`, `address:${address}`]) {
        const times = recent(key, now)
        times.push(now)
        failures.delete(key)
        failures.set(key, times)
      }
      while (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value!)
    },
    /** A successful sign-in clears the user's failures (not the address's). */
    succeeded(user: string) {
      failures.delete(`user:${user.toLowerCase()}`)
    },
  }
}
