import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventListSchema, eventSchema } from '../src/api/schemas/event'
import { configFromEnv, parseToday, sandboxClock } from './config'
import { startTestSandbox, type TestSandbox } from './testing'

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

describe('SANDBOX_TODAY', () => {
  it('reads a day, or a day and a time, as local time; anything else is refused', () => {
    const at = new Date(2026, 10, 23, 14, 5, 9)
    expect(parseToday('2028-02-29', at)).toEqual(new Date(2028, 1, 29, 14, 5, 9))
    expect(parseToday('2027-03-14T10:30', at)).toEqual(new Date(2027, 2, 14, 10, 30, 0))
    expect(parseToday(undefined)).toBeNull()
    expect(parseToday('')).toBeNull()
    for (const bad of [
      '2027-02-29',
      '2026-13-01',
      'tomorrow',
      '2026-11-23T25:00',
      '26-11-23',
      '2026-11-23T10:75',
    ])
      expect(() => parseToday(bad), bad).toThrow(/SANDBOX_TODAY must be a day/)
    expect(configFromEnv({ SANDBOX_TODAY: '2030-12-31' }).today?.getDate()).toBe(31)
  })

  it('starts the clock there and lets it run', async () => {
    const clock = sandboxClock(new Date(2030, 11, 31, 23, 59, 59))
    expect(clock().getTime()).toBeGreaterThanOrEqual(new Date(2030, 11, 31, 23, 59, 59).getTime())
    await new Promise((r) => setTimeout(r, 1100))
    expect(day(clock())).toBe('2031-01-01')
    expect(Math.abs(sandboxClock(null)().getTime() - Date.now())).toBeLessThan(50)
  })
})

describe('a sandbox started on 29 February 2028', () => {
  let sb: TestSandbox
  let token: string
  beforeAll(async () => {
    sb = await startTestSandbox({ today: new Date(2028, 1, 29, 10, 30) })
    token = (await sb.signIn('admin')).idToken
  })
  afterAll(() => sb.close())

  it('seeds its demo data around that day, not around the real one', async () => {
    const { data } = await sb.call('GET', '/events?page=1&pageSize=1000', { token })
    const events = eventListSchema.parse(data)
    const dues = events.flatMap((e) => (e.due_Date ? [e.due_Date] : [])).sort()
    // Due dates run from 60 days before to 90 days after "today".
    expect(dues[0]! >= '2027-12-31' && dues[0]! < '2028-01-15').toBe(true)
    expect(dues.at(-1)! > '2028-05-01' && dues.at(-1)! <= '2028-05-29T23:59:59').toBe(true)
    // Each named user has reminders due on the day itself or just before.
    const mine = await sb.call('GET', '/users/admin/events', { token })
    const reminders = eventListSchema
      .parse(mine.data)
      .flatMap((e) => (e.next_Scheduled_Date ? [e.next_Scheduled_Date.slice(0, 10)] : []))
    expect(reminders).toContain('2028-02-29')
  })

  it('stamps writes and answers with its own clock', async () => {
    const created = await sb.call('POST', '/events', {
      token,
      body: { claim_Audit_Event: false, process_Automation_Event: false, reminder: false },
    })
    expect(created.status).toBe(200)
    expect(eventSchema.parse(created.data).entry_Date?.slice(0, 10)).toBe('2028-02-29')
    expect(day(new Date(created.headers.get('date')!))).toBe('2028-02-29')
  })
})
