import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto'

// A modest cost: this is a sandbox whose data dir is recreated often in tests.
const PARAMS = { N: 4096, r: 8, p: 1 } as const

/** How many key derivations ran: the work a sign-in costs, for tests (not a timing). */
export const hashingWork = { derivations: 0 }

/** Hashes a password synchronously: only for seeding users when a data dir is created. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  hashingWork.derivations++
  const key = scryptSync(password, salt, 32, PARAMS)
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`
}

/** The key of `password` under `salt`, derived on libuv's thread pool (off the event loop). */
function derive(password: string, salt: Buffer, length: number): Promise<Buffer> {
  hashingWork.derivations++
  return new Promise((resolve, reject) =>
    scrypt(password, salt, length, PARAMS, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** Whether `password` matches a stored hash; the derivation runs off the event loop. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), expected.length)
  return timingSafeEqual(actual, expected)
}
