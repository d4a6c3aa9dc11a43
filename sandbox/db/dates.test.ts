import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSchema } from '../../src/api/schemas/auth'
import { batchResultSchema } from '../../src/api/schemas/batch-result'
import { eventSchema } from '../../src/api/schemas/event'
import { startTestSandbox, type TestSandbox } from '../testing'
import { storableDate } from './dates'

// New York has clock changes: an hour that repeats in November, one that is skipped in March.
// Node reads TZ again when it changes; the sandbox below runs in this zone too.
const zone = process.env.TZ
process.env.TZ = 'America/New_York'
afterAll(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

/*
 * Dates are stored exactly or refused (400 naming the field), never rewritten silently: by the
 * checker, then by every operation that takes dates, over the app's fetch.
 */

const value = (text: string) => {
  const result = storableDate(text)
  return result.ok ? result.value : `refused: ${result.error}`
}

describe('storableDate', () => {
  it('writes what it can keep exactly in the canonical form', () => {
    expect(value('2026-03-14T09:30:00')).toBe('2026-03-14T09:30:00')
    expect(value('2026-03-14 09:30')).toBe('2026-03-14T09:30:00')
    expect(value('2026-03-14')).toBe('2026-03-14T00:00:00')
    expect(value('2026-03-14T09:30:00.000')).toBe('2026-03-14T09:30:00')
    expect(value('0026-03-14')).toBe('0026-03-14T00:00:00')
    expect(value('0001-01-01T00:00:00')).toBe('0001-01-01T00:00:00')
    expect(value('9999-12-31T23:59:59')).toBe('9999-12-31T23:59:59')
    expect(value('2028-02-29')).toBe('2028-02-29T00:00:00')
    // An instant is kept as the local wall-clock time that names it (New York: UTC-4 in summer).
    expect(value('2026-07-01T12:00:00Z')).toBe('2026-07-01T08:00:00')
    expect(value('2026-07-01T12:00:00+0200')).toBe('2026-07-01T06:00:00')
    expect(value('2026-07-01T12:00:00-23:59')).toBe('2026-07-02T07:59:00')
    // Offset-free text is wall-clock text, kept as written, even in the hour clocks skip.
    expect(value('2026-03-08T02:30:00')).toBe('2026-03-08T02:30:00')
  })

  it.each([
    ['9999-12-31T23:59:59.999999999-23:59', /fraction/],
    ['9999-12-31T23:59:59-23:59', /year falls outside 0001 to 9999/],
    ['0001-01-01T00:00:00+05:00', /year falls outside 0001 to 9999/],
    ['0000-06-01', /year must be from 0001/],
    ['2026-03-14T09:30:00+99:99', /UTC offset/],
    ['2026-03-14T09:30:00-24:00', /UTC offset/],
    ['2026-03-14T09:30:00+05:60', /UTC offset/],
    ['2026-03-14T09:30:00.5', /fraction/],
    ['2026-03-14T09:30:00.000000001Z', /fraction/],
    ['2026-02-29', /calendar date/],
    ['2026-04-31T10:00:00', /calendar date/],
    ['2026-13-01', /calendar date/],
    ['2026-03-14T24:00:00', /time of day/],
    ['2026-03-14T09:60', /time of day/],
    // 06:30Z is 01:30 EST, the second 01:30 of that night: "01:30" would name the first one.
    ['2026-11-01T06:30:00Z', /clocks repeat/],
    ['soon', /Expected a date/],
  ])('refuses %s', (text, reason) => {
    const result = storableDate(text)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error).toMatch(reason)
      expect(result.error).not.toContain(text)
    }
  })

  it('keeps the first 01:30 of the night clocks go back (it names one instant)', () => {
    expect(value('2026-11-01T05:30:00Z')).toBe('2026-11-01T01:30:00')
  })
})

let sb: TestSandbox
let token: string

beforeAll(async () => {
  sb = await startTestSandbox({ events: 20 })
  token = (await sb.signIn('support')).idToken
})
afterAll(() => sb.close())

const call = (method: string, path: string, body?: unknown) =>
  sb.call(method, path, { token, body })

const newEvent = (overrides: Record<string, unknown> = {}) => ({
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  subject: 'Dates test',
  user_ID: 'support',
  ...overrides,
})

const newAuth = (overrides: Record<string, unknown> = {}) => ({
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
  ...overrides,
})

/** Dates the service cannot store exactly, with the field each is sent in. */
const INEXACT: [string, string][] = [
  ['start_Date', '9999-12-31T23:59:59.999999999-23:59'],
  ['due_Date', '9999-12-31T23:59:59-23:59'],
  ['end_Date', '0000-01-01'],
  ['next_Scheduled_Date', '2026-03-14T09:30:00+99:99'],
  ['completion_Date', '2026-03-14T09:30:00.250'],
  ['next_Scheduled_Time', '2026-02-29T10:00:00'],
]

const AUTH_INEXACT: [string, string][] = [
  ['requested_From', '9999-12-31T23:59:59.999999999-23:59'],
  ['requested_Thru', '9999-12-31T23:59:59-23:59'],
  ['received_Date', '0000-01-01'],
  ['injury_Date', '2026-03-14T09:30:00+99:99'],
  ['discharge_Date', '2026-03-14T09:30:00.250'],
  ['approved_From', '2026-02-29'],
]

describe('events', () => {
  it.each(INEXACT)(
    'POST refuses %s = %s with 400 naming it, and stores nothing',
    async (field, text) => {
      const before = (await call('GET', '/events?pageSize=1000')).data as unknown[]
      const res = await call('POST', '/events', newEvent({ [field]: text }))
      expect(res.status).toBe(400)
      expect(Object.keys(res.error?.errors ?? {})).toEqual([field])
      expect(res.error?.detail).toContain(field)
      expect(((await call('GET', '/events?pageSize=1000')).data as unknown[]).length).toBe(
        before.length,
      )
    },
  )

  it('stores a year before 100 as itself', async () => {
    const res = await call('POST', '/events', newEvent({ start_Date: '0026-03-14' }))
    expect(res.status).toBe(200)
    expect(eventSchema.parse(res.data).start_Date).toBe('0026-03-14T00:00:00')
  })

  it.each(INEXACT)('PUT refuses %s = %s and leaves the event as it was', async (field, text) => {
    const created = eventSchema.parse((await call('POST', '/events', newEvent())).data)
    const res = await call('PUT', `/events/${created.event_ID}`, { ...created, [field]: text })
    expect(res.status).toBe(400)
    expect(Object.keys(res.error?.errors ?? {})).toEqual([field])
    expect((await call('GET', `/events/${created.event_ID}`)).data).toEqual(created)
  })

  it('a batch refuses the inexact items alone, naming their fields', async () => {
    const created = eventSchema.parse((await call('POST', '/events', newEvent())).data)
    const res = await call('PUT', '/events-batch', [
      newEvent({ subject: 'fine', due_Date: '2026-03-14T09:30:00Z' }),
      ...INEXACT.map(([field, text]) => newEvent({ [field]: text })),
      { ...created, start_Date: '9999-12-31T23:59:59-23:59' },
    ])
    const results = batchResultSchema.parse(res.data)
    expect(results.map((r) => r.status)).toEqual([201, ...INEXACT.map(() => 400), 400])
    INEXACT.forEach(([field], i) => expect(results[i + 1]?.body).toContain(field))
    expect(results.at(-1)?.body).toContain('start_Date')
    expect((await call('GET', `/events/${created.event_ID}`)).data).toEqual(created)
  })
})

describe('auths', () => {
  it.each(AUTH_INEXACT)('POST refuses %s = %s with 400 naming it', async (field, text) => {
    const res = await call('POST', '/auths', newAuth({ [field]: text }))
    expect(res.status).toBe(400)
    expect(Object.keys(res.error?.errors ?? {})).toEqual([field])
  })

  it('PUT and a batch refuse them too, per item, and change nothing', async () => {
    const created = authSchema.parse((await call('POST', '/auths', newAuth())).data)
    const number = created.auth_Number!
    for (const [field, text] of AUTH_INEXACT) {
      const res = await call('PUT', `/auths/${number}`, { ...created, [field]: text })
      expect(res.status, field).toBe(400)
      expect(Object.keys(res.error?.errors ?? {})).toEqual([field])
    }
    const batch = await call('PUT', '/auths', [
      newAuth({ requested_From: '0026-03-14' }),
      ...AUTH_INEXACT.map(([field, text]) => ({ ...created, [field]: text })),
    ])
    const results = batchResultSchema.parse(batch.data)
    expect(results.map((r) => r.status)).toEqual([201, ...AUTH_INEXACT.map(() => 400)])
    AUTH_INEXACT.forEach(([field], i) => expect(results[i + 1]?.body).toContain(field))
    const first = results[0]?.id[0]?.value as string
    expect(authSchema.parse((await call('GET', `/auths/${first}`)).data).requested_From).toBe(
      '0026-03-14T00:00:00',
    )
    expect((await call('GET', `/auths/${number}`)).data).toEqual(created)
  })

  it.each([
    ['approved_From', '9999-12-31T23:59:59-23:59'],
    ['approved_Thru', '2026-03-14T09:30:00+99:99'],
    ['approved_From', '2026-03-14T09:30:00.5'],
  ])('an adjustment refuses %s = %s', async (field, text) => {
    const created = authSchema.parse((await call('POST', '/auths', newAuth())).data)
    const res = await call('POST', `/auths/${created.auth_Number}/adjust`, {
      auth_Number: created.auth_Number,
      recalcIBNR: false,
      copyProcCodes: false,
      copyDiagCodes: false,
      [field]: text,
    })
    expect(res.status).toBe(400)
    expect(Object.keys(res.error?.errors ?? {})).toEqual([field])
  })
})

describe('dates the service computes', () => {
  it('a snooze or reschedule that would pass 9999-12-31 is refused (409), not stored', async () => {
    const clock = { now: new Date(9999, 11, 31, 23, 50).getTime() }
    const late = await startTestSandbox({ events: 20 }, { clock: () => new Date(clock.now) })
    try {
      const { idToken } = await late.signIn('admin')
      const created = await late.call('POST', '/events', { token: idToken, body: newEvent() })
      const event = eventSchema.parse(created.data)
      const snooze = await late.call(
        'POST',
        `/events/${event.event_ID}/snooze?snoozeDuration=SNOOZE_1_HOUR`,
        { token: idToken },
      )
      expect(snooze.status).toBe(409)
      expect(snooze.error?.detail).toMatch(/9999/)
      const read = await late.call('GET', `/events/${event.event_ID}`, { token: idToken })
      expect(read.data).toEqual(event)
      const fine = await late.call(
        'POST',
        `/events/${event.event_ID}/snooze?snoozeDuration=SNOOZE_5_MIN`,
        { token: idToken },
      )
      expect(eventSchema.parse(fine.data).next_Scheduled_Date).toBe('9999-12-31T23:55:00')

      // A schedule whose next occurrence would be in the year 10000.
      const db = late.sandbox.context.business('demo')
      const scheduled = db
        .prepare('SELECT event_ID, schedule_ID FROM event_schedules ORDER BY schedule_ID LIMIT 1')
        .get() as { event_ID: number; schedule_ID: number }
      db.prepare(
        `UPDATE event_schedules SET schedule_Interval = 1, frequency_Factor = 1,
         start_Date = '9999-12-01T09:00:00', start_Time = '9999-12-01T09:00:00',
         next_Scheduled_Date = '9999-12-31T09:00:00', end_Date = NULL, end_Option = 1,
         total_Occurrences = NULL WHERE schedule_ID = ?`,
      ).run(scheduled.schedule_ID)
      const before = await late.call('GET', `/events/${scheduled.event_ID}`, { token: idToken })
      const schedules = `/events/${scheduled.event_ID}/schedules`
      const beforeSchedules = await late.call('GET', schedules, { token: idToken })
      for (const path of [
        `/events/${scheduled.event_ID}/reschedule`,
        `/events/${scheduled.event_ID}/schedules/${scheduled.schedule_ID}/next`,
      ]) {
        const res = await late.call('POST', path, { token: idToken })
        expect(res.status, path).toBe(409)
        expect(res.error?.detail).toMatch(/9999-12-31/)
      }
      const after = await late.call('GET', `/events/${scheduled.event_ID}`, { token: idToken })
      expect(after.data).toEqual(before.data)
      expect((await late.call('GET', schedules, { token: idToken })).data).toEqual(
        beforeSchedules.data,
      )
    } finally {
      await late.close()
    }
  })
})
