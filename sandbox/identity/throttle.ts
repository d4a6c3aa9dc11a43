import { isIPv4, isIPv6 } from 'node:net'

/**
 * Sign-in throttling, kept in memory (a restart forgets it). Three counts of failed passwords
 * over a sliding window, none of them a hard lockout of the user:
 *
 * - per user and address group: past `PAIR_LIMIT` failures that address may not try that user
 *   again until the oldest failure leaves the window;
 * - per address group: past `ADDRESS_LIMIT` failures (any users) that address is paused;
 * - per user, across addresses: past `USER_FREE_FAILURES`, each further try waits a delay that
 *   doubles with every failure (`userDelaySeconds`, at most the window). The delay does not
 *   apply to an address group with no failure in the window: the right password from a clean
 *   address still signs in, so knowing a username is not enough to keep its owner out, while a
 *   guesser spread over many addresses gets one try per address before the delay holds it.
 *
 * Addresses are grouped as networks are handed out: an IPv4 address alone, IPv6 by its /64
 * (one host holds a whole /64), an IPv4-mapped IPv6 address as its IPv4 address.
 *
 * What is kept is bounded without ever forgetting a known user's failures before their window
 * ends: the failures of users that exist, with the addresses they came from, are kept whatever
 * others do (there are only so many users; at most `ADDRESSES_PER_USER` addresses each); made-up
 * usernames and the per-address counts are capped at `MAX_KEYS` keys, oldest dropped first, so a
 * spray of new usernames from new addresses cannot grow memory without end, nor push out the
 * history that protects an account.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000
export const PAIR_LIMIT = 5
export const ADDRESS_LIMIT = 20
export const USER_FREE_FAILURES = 5
const MAX_KEYS = 10_000

/** The delay before a user's next try after `failures` failures in the window, in seconds. */
export function userDelaySeconds(failures: number, windowMs = SIGN_IN_WINDOW_MS): number {
  if (failures < USER_FREE_FAILURES) return 0
  return Math.min(2 ** (failures - USER_FREE_FAILURES + 1), windowMs / 1000)
}

/** The group an address is throttled as: IPv4 alone, IPv6 by its /64. */
export function addressGroup(address: string): string {
  const bare = address.replace(/%.*$/, '').toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1]
  if (mapped && isIPv4(mapped)) return mapped
  if (isIPv4(bare)) return bare
  if (!isIPv6(bare)) return bare
  const [head = '', tail = ''] = bare.split('::')
  const left = head ? head.split(':') : []
  const right = bare.includes('::') && tail ? tail.split(':') : []
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; it lies past the /64 either way.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0)
  const groups = bare.includes('::')
    ? [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right]
    : left
  return (
    groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':') + '::/64'
  )
}

/** Keeps at most this many failure times per key: enough for every limit and the longest delay. */
const TIMES_KEPT = 32
/** Addresses kept per user: a guesser spread wider than this loses its oldest. */
const ADDRESSES_PER_USER = 1_000

/** Recent failure times per key, oldest key first, at most `maxKeys` keys. */
class FailureTable<Extra = undefined> {
  private readonly times = new Map<string, { times: number[]; extra: Extra }>()
  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
    private readonly newExtra: () => Extra = () => undefined as Extra,
  ) {}

  private entry(key: string, now: number) {
    const entry = this.times.get(key)
    if (!entry) return undefined
    entry.times = entry.times.filter((t) => now - t < this.windowMs)
    if (entry.times.length === 0) {
      this.times.delete(key)
      return undefined
    }
    return entry
  }

  recent(key: string, now: number): number[] {
    return this.entry(key, now)?.times ?? []
  }

  extra(key: string, now: number): Extra | undefined {
    return this.entry(key, now)?.extra
  }

  /** Counts a failure; returns the key's extra data. */
  add(key: string, now: number): Extra {
    const entry = this.entry(key, now) ?? { times: [], extra: this.newExtra() }
    entry.times.push(now)
    if (entry.times.length > TIMES_KEPT) entry.times.shift()
    // Re-inserted so the map's order is the order of last failure.
    this.times.delete(key)
    this.times.set(key, entry)
    while (this.times.size > this.maxKeys) this.times.delete(this.times.keys().next().value!)
    return entry.extra
  }

  delete(key: string) {
    this.times.delete(key)
  }

  get size() {
    return this.times.size
  }
}

export function createSignInThrottle(windowMs = SIGN_IN_WINDOW_MS, maxKeys = MAX_KEYS) {
  // A user's own failures, with the addresses they came from (the per-pair counts).
  const byAddress = () => new FailureTable(windowMs, ADDRESSES_PER_USER)
  const knownUsers = new FailureTable(windowMs, Number.POSITIVE_INFINITY, byAddress)
  const otherUsers = new FailureTable(windowMs, maxKeys, byAddress)
  const addresses = new FailureTable(windowMs, maxKeys)
  const userKey = (user: string) => user.toLowerCase()
  const userTable = (user: string, now: number) =>
    knownUsers.recent(userKey(user), now).length > 0 ? knownUsers : otherUsers
  /** Seconds from now until `limit` failures among `times` no longer fill the window. */
  const untilBelow = (times: number[], limit: number, now: number) =>
    times.length >= limit ? Math.ceil((times[times.length - limit]! + windowMs - now) / 1000) : 0

  return {
    /**
     * Seconds until this user may try again from this address, or 0 when a try is allowed now.
     */
    retryAfter(user: string, address: string, now: number): number {
      const group = addressGroup(address)
      const table = userTable(user, now)
      const failures = table.recent(userKey(user), now)
      const pair = table.extra(userKey(user), now)?.recent(group, now) ?? []
      const fromAddress = addresses.recent(group, now)
      let wait = Math.max(
        untilBelow(pair, PAIR_LIMIT, now),
        untilBelow(fromAddress, ADDRESS_LIMIT, now),
      )
      if ((fromAddress.length > 0 || pair.length > 0) && failures.length > 0) {
        const delay = userDelaySeconds(failures.length, windowMs) * 1000
        wait = Math.max(wait, Math.ceil((failures[failures.length - 1]! + delay - now) / 1000))
      }
      return Math.max(0, wait)
    },
    /**
     * Counts a failed password. `known` says whether the user exists: a known user's failures
     * are never dropped to make room.
     */
    failed(user: string, address: string, now: number, known: boolean) {
      const group = addressGroup(address)
      ;(known ? knownUsers : otherUsers).add(userKey(user), now)!.add(group, now)
      addresses.add(group, now)
    },
    /** A successful sign-in clears the user's failures (not the address's). */
    succeeded(user: string) {
      knownUsers.delete(userKey(user))
      otherUsers.delete(userKey(user))
    },
    /** How many keys each table holds (for tests of its bounds). */
    sizes: () => ({
      knownUsers: knownUsers.size,
      otherUsers: otherUsers.size,
      addresses: addresses.size,
    }),
  }
}
