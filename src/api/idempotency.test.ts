import { afterEach, describe, expect, it } from 'vitest'
import { idempotencyKeyOf, setIdempotencyKeys } from './idempotency'

afterEach(() => setIdempotencyKeys(false))

describe('idempotency keys', () => {
  it('are off unless the config turns them on', () => {
    expect(idempotencyKeyOf({})).toBeUndefined()
  })

  it('are one per body object: the same object again sends the same key', () => {
    setIdempotencyKeys(true)
    const batch = [{ subject: 'a' }]
    const key = idempotencyKeyOf(batch)
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(idempotencyKeyOf(batch)).toBe(key)
    expect(idempotencyKeyOf([{ subject: 'a' }])).not.toBe(key)
  })
})
