import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'

// A modest cost: this is a sandbox whose data dir is recreated often in tests.
const PARAMS = { N: 4096, r: 8, p: 1 } as const

export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  const key = scryptSync(password, salt, 32, PARAMS)
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, PARAMS)
  return timingSafeEqual(actual, expected)
}
