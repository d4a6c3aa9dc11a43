import { afterEach, describe, expect, it, vi } from 'vitest'
import { createGate, endsSession, sha256 } from './gate'
import { sessionEndOf } from './sessions'
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

describe('sessions ended through the console', () => {
  it('names what a sign-out or kick the service took ended, and nothing else', () => {
    expect(sessionEndOf('POST', '/logout', 200, 'tok')).toEqual({ tokenHash: sha256('tok') })
    expect(sessionEndOf('POST', '/kick/pat%20s', 200, 'tok')).toEqual({ userId: 'pat s' })
    expect(sessionEndOf('POST', '/kick', 200, 'tok')).toEqual({ all: true })
    expect(sessionEndOf('POST', '/kick/%E0%A4%A', 200, 'tok')).toEqual({ all: true })
    expect(sessionEndOf('POST', '/kick/staff', 403, 'tok')).toBeNull()
    expect(sessionEndOf('GET', '/logout', 200, 'tok')).toBeNull()
    expect(sessionEndOf('POST', '/events/1/snooze', 200, 'tok')).toBeNull()
    expect(endsSession({ userId: 'staff' }, 'h', 'staff')).toBe(true)
    expect(endsSession({ userId: 'staff' }, 'h', 'support')).toBe(false)
    expect(endsSession({ tokenHash: 'h' }, 'h', null)).toBe(true)
    expect(endsSession({ tokenHash: 'h' }, 'g', 'staff')).toBe(false)
  })

  it('a kick forgets the kicked user’s verdicts, and a check in flight is not kept', async () => {
    service = await startService({ events: 10 })
    const counting = countingFetch()
    const gate = createGate(service.config, counting.fetch, 3_600_000)
    const staff = await service.tokenOf('staff')
    const support = await service.tokenOf('support')
    const asked = () => counting.sent.filter((r) => r.path === '/priorities').length
    expect(await gate.check(staff, 'demo')).toBe('accepted')
    expect(await gate.check(support, 'demo')).toBe('accepted')
    expect(asked()).toBe(2)
    gate.forget({ userId: 'staff' })
    // Forgotten: the next check asks; a kick lands while it is asked: its answer serves it and
    // is not remembered.
    const inFlight = gate.check(staff, 'demo')
    gate.forget({ userId: 'staff' })
    expect(await inFlight).toBe('accepted')
    expect(asked()).toBe(3)
    expect(await gate.check(staff, 'demo')).toBe('accepted')
    expect(asked()).toBe(4)
    expect(await gate.check(staff, 'demo')).toBe('accepted')
    // The other user's verdict was kept throughout.
    expect(await gate.check(support, 'demo')).toBe('accepted')
    expect(asked()).toBe(4)
  })
})
