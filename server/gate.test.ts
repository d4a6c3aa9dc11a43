import { afterEach, describe, expect, it, vi } from 'vitest'
import { createGate } from './gate'
import { countingFetch, startService, type TestService } from './testing'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

let service: TestService | undefined
afterEach(async () => {
  await service?.close().catch(() => undefined)
  service = undefined
})

describe('who may ask, when the service is down', () => {
  it('a token the service accepted still reads; one it never saw does not', async () => {
    service = await startService({ events: 10 })
    const gate = createGate(service.config, fetch, 10)
    const seen = await service.tokenOf('staff')
    const unseen = await service.tokenOf('support')
    expect(await gate.check(seen, 'demo')).toBe('accepted')
    expect(await gate.check('not.a.token', 'demo')).toBe('refused')

    await service.close()
    await new Promise((r) => setTimeout(r, 30))
    // The service cannot be asked: the copy keeps answering whoever it accepted before.
    expect(await gate.check(seen, 'demo')).toBe('accepted')
    expect(await gate.check(unseen, 'demo')).toBe('unavailable')
    // Accepted for one database is not accepted for another.
    expect(await gate.check(seen, 'training')).toBe('unavailable')
  })

  it('a token the service refused is not taken back while it is down', async () => {
    service = await startService({ events: 10 })
    const gate = createGate(service.config, fetch, 10)
    const token = await service.tokenOf('staff')
    expect(await gate.check(token, 'demo')).toBe('accepted')
    // The session ends at the service (sign-out): the next check hears it.
    await service.sandbox.call('POST', '/logout', { token, database: 'demo' })
    await new Promise((r) => setTimeout(r, 30))
    expect(await gate.check(token, 'demo')).toBe('refused')
    await service.close()
    await new Promise((r) => setTimeout(r, 30))
    expect(await gate.check(token, 'demo')).toBe('unavailable')
  })

  it('asks the service once for many requests of one token arriving together', async () => {
    service = await startService({ events: 10 })
    const counting = countingFetch()
    const gate = createGate(service.config, counting.fetch)
    const token = await service.tokenOf('staff')
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => gate.check(token, 'demo')))
    expect(new Set(verdicts)).toEqual(new Set(['accepted']))
    expect(counting.sent.filter((r) => r.path === '/priorities')).toHaveLength(1)
  })
})
