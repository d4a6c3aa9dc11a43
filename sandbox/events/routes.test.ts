import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batchResultSchema } from '../../src/api/schemas/batch-result'
import { normalizeServiceDate, parseServiceDate } from '../../src/api/schemas/common'
import { eventListSchema, eventSchema, type Event } from '../../src/api/schemas/event'
import {
  eventScheduleListSchema,
  eventScheduleSchema,
  type EventSchedule,
} from '../../src/api/schemas/event-schedule'
import { stringOptionListSchema } from '../../src/api/schemas/static-option'
import { nextOccurrence, ruleFromSchedule } from './recurrence'
import { startTestSandbox, type CallOptions, type TestSandbox } from '../testing'

let sb: TestSandbox
let adminToken: string
let staffToken: string

beforeAll(async () => {
  sb = await startTestSandbox()
  adminToken = (await sb.signIn('admin')).idToken
  staffToken = (await sb.signIn('staff')).idToken
})
afterAll(() => sb.close())

const api = (method: string, path: string, options: CallOptions = {}) =>
  sb.call(method, path, { token: adminToken, ...options })

const minutesFromNow = (text: string | null | undefined) =>
  ((parseServiceDate(text) as Date).getTime() - Date.now()) / 60_000

/** A valid new event; required booleans set, the rest as a user would fill them. */
const newEvent = (overrides: Record<string, unknown> = {}) => ({
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: true,
  subject: 'Call provider about auth 26-004512',
  event_Type: 'FOLLOW_UP',
  priority: 'HIGH',
  status: 'Open',
  user_ID: 'staff',
  due_Date: '2026-03-14',
  next_Scheduled_Date: '2026-03-14T09:30:00Z',
  ...overrides,
})

async function create(overrides: Record<string, unknown> = {}): Promise<Event> {
  const res = await api('POST', '/events', { body: newEvent(overrides) })
  expect(res.status).toBe(200)
  return eventSchema.parse(res.data)
}

/** The item at `i`, failing the test when there is none. */
function nth<T>(items: readonly T[], i = 0): T {
  const item = items[i]
  if (item === undefined) throw new Error(`expected an item at ${i}`)
  return item
}

/** Events of the first pages that have at least one schedule, with their schedules. */
async function eventsWithSchedules(min: number) {
  const found: { event: Event; schedules: EventSchedule[] }[] = []
  for (let page = 1; found.length < min && page <= 10; page++) {
    const events = eventListSchema.parse(
      (await api('GET', `/events?page=${page}&pageSize=50`)).data,
    )
    for (const event of events) {
      const res = await api('GET', `/events/${event.event_ID}/schedules`)
      const schedules = eventScheduleListSchema.parse(res.data)
      if (schedules.length > 0) found.push({ event, schedules })
    }
  }
  expect(found.length).toBeGreaterThanOrEqual(min)
  return found
}

describe('create, read, update, delete', () => {
  it('creates an event with a new ID, canonical dates and the caller as entry and update user', async () => {
    const before = Date.now()
    const res = await api('POST', '/events', {
      body: newEvent({ event_ID: 0, somethingNew: 'kept out', entry_User: 'mallory' }),
    })
    expect(res.status).toBe(200)
    const event = eventSchema.parse(res.data)
    expect(event.event_ID).toBeGreaterThan(300)
    expect(event.subject).toBe('Call provider about auth 26-004512')
    expect(event.due_Date).toBe('2026-03-14T00:00:00')
    expect(event.next_Scheduled_Date).toBe(normalizeServiceDate('2026-03-14T09:30:00Z'))
    expect(event.reminder).toBe(true)
    expect(event.entry_User).toBe('admin')
    expect(event.update_User).toBe('admin')
    expect(event.entry_Date).toBe(event.update_Date)
    const entered = (parseServiceDate(event.entry_Date) as Date).getTime()
    expect(entered).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
    expect(entered).toBeLessThanOrEqual(Date.now())
    expect(event).not.toHaveProperty('somethingNew')
    expect(Object.keys(event)).toHaveLength(25)

    const read = await api('GET', `/events/${event.event_ID}`)
    expect(read.status).toBe(200)
    expect(eventSchema.parse(read.data)).toEqual(event)
  })

  it('creates with an absent event_ID, and with a given unused ID', async () => {
    const body = newEvent()
    const res = await api('POST', '/events', { body })
    expect(eventSchema.parse(res.data).event_ID).toBeGreaterThan(0)
    const chosen = await create({ event_ID: 777_001 })
    expect(chosen.event_ID).toBe(777_001)
    const again = await api('POST', '/events', { body: newEvent({ event_ID: 777_001 }) })
    expect(again.status).toBe(409)
  })

  it('replaces the fields on update, keeping the entry user and date', async () => {
    const created = await create()
    const res = await sb.call('PUT', `/events/${created.event_ID}`, {
      token: staffToken,
      body: {
        ...created,
        subject: 'Follow up on appeal for member 3301827',
        status: 'Completed',
        completion_Date: '2026-03-15T16:45:10.000+00:00',
        completion_Percent: 100,
        priority: undefined,
        entry_User: 'someone-else',
        entry_Date: '2020-01-01T00:00:00',
        unknownField: 42,
      },
    })
    expect(res.status).toBe(200)
    const updated = eventSchema.parse(res.data)
    expect(updated.event_ID).toBe(created.event_ID)
    expect(updated.subject).toBe('Follow up on appeal for member 3301827')
    expect(updated.completion_Date).toBe(normalizeServiceDate('2026-03-15T16:45:10Z'))
    expect(updated.completion_Percent).toBe(100)
    expect(updated.priority).toBeNull()
    expect(updated.entry_User).toBe('admin')
    expect(updated.entry_Date).toBe(created.entry_Date)
    expect(updated.update_User).toBe('staff')
    expect(updated).not.toHaveProperty('unknownField')
    const read = eventSchema.parse((await api('GET', `/events/${created.event_ID}`)).data)
    expect(read).toEqual(updated)
  })

  it('updates when the body has no event_ID, and refuses one that differs from the path', async () => {
    const created = await create()
    const { event_ID: _, ...withoutId } = { ...created, subject: 'Renamed' }
    const ok = await api('PUT', `/events/${created.event_ID}`, { body: withoutId })
    expect(ok.status).toBe(200)
    expect(eventSchema.parse(ok.data).subject).toBe('Renamed')
    const mismatch = await api('PUT', `/events/${created.event_ID}`, {
      body: { ...created, event_ID: created.event_ID + 1 },
    })
    expect(mismatch.status).toBe(400)
    expect(mismatch.error?.errors).toHaveProperty('event_ID')
  })

  it('deletes an event and its schedules', async () => {
    const { event } = nth(await eventsWithSchedules(1))
    const res = await api('DELETE', `/events/${event.event_ID}`)
    expect(res.status).toBe(200)
    expect(res.data).toBeNull()
    expect((await api('GET', `/events/${event.event_ID}`)).status).toBe(404)
    expect((await api('GET', `/events/${event.event_ID}/schedules`)).status).toBe(404)
    const again = await api('DELETE', `/events/${event.event_ID}`)
    expect(again.status).toBe(404)
    expect(again.error?.status).toBe(404)
  })

  it('answers 404 for an absent event on read, update and delete', async () => {
    expect((await api('GET', '/events/999999')).status).toBe(404)
    const put = await api('PUT', '/events/999999', { body: newEvent() })
    expect(put.status).toBe(404)
    expect(put.error?.detail).toMatch(/999999/)
    expect((await api('DELETE', '/events/999999')).status).toBe(404)
    // The failed update did not create it.
    expect((await api('GET', '/events/999999')).status).toBe(404)
  })
})

describe('validation', () => {
  it('answers 400 naming every field of the wrong type', async () => {
    const res = await api('POST', '/events', {
      body: newEvent({ subject: 5, reminder: 'yes', userGroup_Key: 1.5, due_Date: 'soon' }),
    })
    expect(res.status).toBe(400)
    expect(Object.keys(res.error?.errors ?? {}).sort()).toEqual([
      'due_Date',
      'reminder',
      'subject',
      'userGroup_Key',
    ])
    expect(res.error?.detail).toMatch(/subject/)
  })

  it('names a missing required field and a date that does not exist', async () => {
    const { claim_Audit_Event: _, ...missing } = newEvent({ due_Date: '2026-02-30T10:00:00' })
    const res = await api('POST', '/events', { body: missing })
    expect(res.status).toBe(400)
    expect(res.error?.errors).toHaveProperty('claim_Audit_Event')
    expect(res.error?.errors).toHaveProperty('due_Date')
  })

  it('refuses IDs outside 32 bits', async () => {
    const res = await api('POST', '/events', { body: newEvent({ event_ID: 2 ** 31 }) })
    expect(res.status).toBe(400)
    expect(res.error?.errors).toHaveProperty('event_ID')
  })

  it('answers 400 for a body that is not an event', async () => {
    const res = await api('POST', '/events', { body: [newEvent()] })
    expect(res.status).toBe(400)
  })

  it('answers 400 for malformed JSON and an empty body', async () => {
    const bad = await api('POST', '/events', {
      rawBody: '{"subject": "unterminated',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.status).toBe(400)
    expect(bad.error?.detail).toMatch(/JSON/)
    const empty = await api('PUT', '/events/1', { rawBody: '' })
    expect(empty.status).toBe(400)
  })

  it('answers 413 for a body over 1 MB', async () => {
    const res = await api('POST', '/events', {
      body: newEvent({ meta_Data: 'x'.repeat(1024 * 1024) }),
    })
    expect(res.status).toBe(413)
  })

  it.each(['abc', '1.5', '99999999999', '1e3'])('answers 400 for eventID "%s"', async (id) => {
    for (const [method, path] of [
      ['GET', `/events/${id}`],
      ['PUT', `/events/${id}`],
      ['DELETE', `/events/${id}`],
      ['POST', `/events/${id}/snooze`],
      ['POST', `/events/${id}/reschedule`],
      ['GET', `/events/${id}/schedules`],
      ['POST', `/events/${id}/schedules/1/next`],
    ] as const) {
      const res = await api(method, path, method === 'PUT' ? { body: newEvent() } : {})
      expect(res.status, `${method} ${path}`).toBe(400)
      expect(res.error?.errors).toHaveProperty('eventID')
    }
  })

  it('needs a signed-in caller', async () => {
    const res = await sb.call('GET', '/events/1', {})
    expect(res.status).toBe(401)
  })
})

/** SQLite's order: NULL first ascending (last descending), then by value; ties by event_ID. */
function compare(a: Event, b: Event, terms: [keyof Event & string, 'asc' | 'desc'][]) {
  for (const [field, dir] of terms) {
    const [x, y] = [a[field] as unknown, b[field] as unknown]
    if (x === y) continue
    let c: number
    if (x === null) c = -1
    else if (y === null) c = 1
    else c = (x as number | string) < (y as number | string) ? -1 : 1
    return dir === 'asc' ? c : -c
  }
  return a.event_ID - b.event_ID
}

describe('GET /events', () => {
  it('answers text/plain with the envelope and 25 events by default, in event_ID order', async () => {
    const res = await api('GET', '/events')
    expect(res.status).toBe(200)
    expect(res.contentType).toMatch(/^text\/plain/)
    const events = eventListSchema.parse(res.data)
    expect(events).toHaveLength(25)
    expect(events.map((e) => e.event_ID)).toEqual(
      [...events.map((e) => e.event_ID)].sort((a, b) => a - b),
    )
  })

  it('pages without gaps or overlaps', async () => {
    const sortBy = 'due_Date:desc'
    const ten = eventListSchema.parse(
      (await api('GET', `/events?pageSize=10&sortBy=${sortBy}`)).data,
    )
    const p1 = eventListSchema.parse(
      (await api('GET', `/events?page=1&pageSize=5&sortBy=${sortBy}`)).data,
    )
    const p2 = eventListSchema.parse(
      (await api('GET', `/events?page=2&pageSize=5&sortBy=${sortBy}`)).data,
    )
    expect([...p1, ...p2].map((e) => e.event_ID)).toEqual(ten.map((e) => e.event_ID))
    for (const page of [100_000, 1_000_000_000_000]) {
      const beyond = await api('GET', `/events?page=${page}&pageSize=1000`)
      expect(beyond.status).toBe(200)
      expect(beyond.data).toEqual([])
    }
  })

  it.each<[string, [keyof Event & string, 'asc' | 'desc'][]]>([
    ['due_Date:desc', [['due_Date', 'desc']]],
    [
      'status,due_Date:desc',
      [
        ['status', 'asc'],
        ['due_Date', 'desc'],
      ],
    ],
    [
      'priority:DESC,user_ID:asc,subject',
      [
        ['priority', 'desc'],
        ['user_ID', 'asc'],
        ['subject', 'asc'],
      ],
    ],
    ['completion_Date:asc', [['completion_Date', 'asc']]],
    [
      'reminder:desc,next_Scheduled_Date',
      [
        ['reminder', 'desc'],
        ['next_Scheduled_Date', 'asc'],
      ],
    ],
  ])('sorts by %s, ties by event_ID', async (sortBy, terms) => {
    const res = await api('GET', `/events?pageSize=1000&sortBy=${encodeURIComponent(sortBy)}`)
    expect(res.status).toBe(200)
    const events = eventListSchema.parse(res.data)
    expect(events.length).toBeGreaterThan(300)
    for (let i = 1; i < events.length; i++) {
      const [a, b] = [events[i - 1] as Event, events[i] as Event]
      expect(compare(a, b, terms), `${a.event_ID} before ${b.event_ID}`).toBeLessThan(0)
    }
    // The order is not trivially the default one.
    expect(events.map((e) => e.event_ID)).not.toEqual(
      [...events.map((e) => e.event_ID)].sort((a, b) => a - b),
    )
  })

  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=1001', 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    ['pageSize=2.5', 'pageSize'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['sortBy=nope', 'sortBy'],
    ['sortBy=due_Date:sideways', 'sortBy'],
    ['sortBy=subject;DROP TABLE events', 'sortBy'],
  ])('answers 400 for %s', async (query, field) => {
    const res = await api('GET', `/events?${query.replace(' ', '%20')}`)
    expect(res.status).toBe(400)
    expect(res.error?.errors).toHaveProperty(field)
  })

  it('accepts the largest page size', async () => {
    const res = await api('GET', '/events?pageSize=1000')
    expect(eventListSchema.parse(res.data).length).toBeGreaterThan(300)
  })
})

describe('GET /users/{userId}/events', () => {
  it("lists the user's uncompleted events by next scheduled date, then due date", async () => {
    const res = await api('GET', '/users/staff/events')
    expect(res.status).toBe(200)
    const events = eventListSchema.parse(res.data)
    expect(events.length).toBeGreaterThan(3)
    for (const e of events) {
      expect(e.user_ID).toBe('staff')
      expect(e.completion_Date).toBeNull()
    }
    for (let i = 1; i < events.length; i++) {
      const terms: [keyof Event & string, 'asc'][] = [
        ['next_Scheduled_Date', 'asc'],
        ['due_Date', 'asc'],
      ]
      expect(compare(events[i - 1] as Event, events[i] as Event, terms)).toBeLessThan(0)
    }
    // Demo data: reminders already due for the named users.
    const due = events.filter((e) => e.reminder && minutesFromNow(e.next_Scheduled_Date) <= 0)
    expect(due.length).toBeGreaterThan(0)
  })

  it('drops an event once it is completed', async () => {
    const created = await create({ user_ID: 'support', next_Scheduled_Date: '2000-01-01T00:00:00' })
    const before = eventListSchema.parse((await api('GET', '/users/support/events')).data)
    expect(before.map((e) => e.event_ID)).toContain(created.event_ID)
    await api('PUT', `/events/${created.event_ID}`, {
      body: { ...created, status: 'Completed', completion_Date: '2026-03-15T10:00:00' },
    })
    const after = eventListSchema.parse((await api('GET', '/users/support/events')).data)
    expect(after.map((e) => e.event_ID)).not.toContain(created.event_ID)
    expect(after.length).toBe(before.length - 1)
  })

  it('answers an empty list for a user with no events', async () => {
    const res = await api('GET', '/users/nobody-here/events')
    expect(res.status).toBe(200)
    expect(res.data).toEqual([])
  })
})

describe('POST /events/{eventID}/snooze', () => {
  it('snoozes 15 minutes by default', async () => {
    const created = await create()
    const res = await api('POST', `/events/${created.event_ID}/snooze`)
    expect(res.status).toBe(200)
    const event = eventSchema.parse(res.data)
    expect(minutesFromNow(event.next_Scheduled_Date)).toBeGreaterThan(14)
    expect(minutesFromNow(event.next_Scheduled_Date)).toBeLessThanOrEqual(15)
    expect(event.next_Scheduled_Time).toBe(event.next_Scheduled_Date)
    expect(event.subject).toBe(created.subject)
    const read = eventSchema.parse((await api('GET', `/events/${created.event_ID}`)).data)
    expect(read.next_Scheduled_Date).toBe(event.next_Scheduled_Date)
  })

  it('is "remind me later": it turns the reminder on, at the snooze\'s end', async () => {
    const created = await create({ reminder: false })
    expect(created.reminder).toBe(false)
    const event = eventSchema.parse((await api('POST', `/events/${created.event_ID}/snooze`)).data)
    expect(event.reminder).toBe(true)
    const read = eventSchema.parse((await api('GET', `/events/${created.event_ID}`)).data)
    expect(read.reminder).toBe(true)
    expect(read.next_Scheduled_Date).toBe(event.next_Scheduled_Date)
  })

  it('snoozes for the named duration and records who did it', async () => {
    const created = await create()
    const res = await sb.call(
      'POST',
      `/events/${created.event_ID}/snooze?snoozeDuration=SNOOZE_2_HOURS`,
      {
        token: staffToken,
      },
    )
    const event = eventSchema.parse(res.data)
    expect(minutesFromNow(event.next_Scheduled_Date)).toBeGreaterThan(119)
    expect(minutesFromNow(event.next_Scheduled_Date)).toBeLessThanOrEqual(120)
    expect(event.update_User).toBe('staff')
    expect(event.entry_User).toBe('admin')
  })

  it('answers 400 listing the valid durations for an unknown one', async () => {
    const res = await api('POST', '/events/1/snooze?snoozeDuration=SNOOZE_FOREVER')
    expect(res.status).toBe(400)
    expect(res.error?.errors).toHaveProperty('snoozeDuration')
    const snoozes = stringOptionListSchema.parse((await api('GET', '/snoozes')).data)
    for (const { option_Key } of snoozes) expect(res.error?.detail).toContain(option_Key)
  })

  it('answers 404 for an absent event', async () => {
    expect((await api('POST', '/events/999999/snooze')).status).toBe(404)
  })
})

describe('schedules, reschedule and next occurrence', () => {
  it('lists the schedules of an event, in schedule_ID order', async () => {
    const found = await eventsWithSchedules(3)
    for (const { event, schedules } of found) {
      const ids = schedules.map((s) => s.schedule_ID)
      expect(ids).toEqual([...ids].sort((a, b) => a - b))
      for (const s of schedules) {
        expect(s.event_ID).toBe(event.event_ID)
        expect(ruleFromSchedule(s)).not.toBeTypeOf('string')
      }
    }
    const none = await api('GET', `/events/${(await create()).event_ID}/schedules`)
    expect(none.status).toBe(200)
    expect(eventScheduleListSchema.parse(none.data)).toEqual([])
    expect((await api('GET', '/events/999999/schedules')).status).toBe(404)
  })

  it('reschedules to the next occurrence after now of the first schedule', async () => {
    const { event, schedules } = nth(await eventsWithSchedules(1))
    const first = nth(schedules)
    const res = await api('POST', `/events/${event.event_ID}/reschedule`)
    expect(res.status).toBe(200)
    const moved = eventSchema.parse(res.data)
    const rule = ruleFromSchedule(first)
    if (typeof rule === 'string') throw new Error(rule)
    const expected = nextOccurrence(rule, new Date())
    expect(moved.next_Scheduled_Date).toBe(normalizeServiceDate(expected?.toISOString()))
    expect(minutesFromNow(moved.next_Scheduled_Date)).toBeGreaterThan(0)
    expect(moved.next_Scheduled_Time).toBe(moved.next_Scheduled_Date)
    const after = eventScheduleListSchema.parse(
      (await api('GET', `/events/${event.event_ID}/schedules`)).data,
    )
    expect(after[0]?.next_Scheduled_Date).toBe(moved.next_Scheduled_Date)
  })

  it('answers 409 when the event has no schedule, and 404 when it is absent', async () => {
    const created = await create()
    const res = await api('POST', `/events/${created.event_ID}/reschedule`)
    expect(res.status).toBe(409)
    expect(res.error?.detail).toMatch(/no schedule/)
    expect((await api('POST', '/events/999999/reschedule')).status).toBe(404)
  })

  it('advances a schedule to its next occurrence and moves the event there', async () => {
    const { event, schedules } = nth(await eventsWithSchedules(1))
    const schedule = nth(schedules, schedules.length - 1)
    const res = await api(
      'POST',
      `/events/${event.event_ID}/schedules/${schedule.schedule_ID}/next`,
    )
    expect(res.status).toBe(200)
    const advanced = eventScheduleSchema.parse(res.data)
    expect(advanced.schedule_ID).toBe(schedule.schedule_ID)
    const rule = ruleFromSchedule(schedule)
    if (typeof rule === 'string') throw new Error(rule)
    const previous = parseServiceDate(schedule.next_Scheduled_Date) as Date
    const expected = nextOccurrence(rule, previous) as Date
    expect(advanced.next_Scheduled_Date).toBe(normalizeServiceDate(expected.toISOString()))
    expect(minutesFromNow(advanced.next_Scheduled_Date)).toBeGreaterThan(
      minutesFromNow(schedule.next_Scheduled_Date),
    )
    expect(advanced.update_User).toBe('admin')
    const moved = eventSchema.parse((await api('GET', `/events/${event.event_ID}`)).data)
    expect(moved.next_Scheduled_Date).toBe(advanced.next_Scheduled_Date)
  })

  it('answers 409 once a schedule has passed its last occurrence', async () => {
    const found = await eventsWithSchedules(12)
    const ending = found
      .flatMap(({ schedules }) => schedules)
      .find((s) => s.end_Option === 2 && s.total_Occurrences !== null)
    expect(ending).toBeDefined()
    const { event_ID, schedule_ID } = ending as EventSchedule
    let status = 200
    let steps = 0
    let last: EventSchedule | null = null
    while (status === 200 && steps++ < 200) {
      const res = await api('POST', `/events/${event_ID}/schedules/${schedule_ID}/next`)
      status = res.status
      if (status === 200) last = eventScheduleSchema.parse(res.data)
      else expect(res.error?.detail).toMatch(/ended/)
    }
    expect(status).toBe(409)
    expect(last).not.toBeNull()
  })

  it('answers 404 for a schedule of another event, an absent schedule or event', async () => {
    const found = await eventsWithSchedules(2)
    const [a, b] = [nth(found, 0), nth(found, 1)]
    const foreign = nth(b.schedules)
    const res = await api(
      'POST',
      `/events/${a.event.event_ID}/schedules/${foreign.schedule_ID}/next`,
    )
    expect(res.status).toBe(404)
    expect((await api('POST', `/events/${a.event.event_ID}/schedules/999999/next`)).status).toBe(
      404,
    )
    expect((await api('POST', `/events/999999/schedules/${foreign.schedule_ID}/next`)).status).toBe(
      404,
    )
    const bad = await api('POST', `/events/${a.event.event_ID}/schedules/first/next`)
    expect(bad.status).toBe(400)
    expect(bad.error?.errors).toHaveProperty('scheduleId')
  })
})

describe('PUT /events-batch', () => {
  it('creates, updates and fails items one by one, storing the good ones', async () => {
    const existing = await create()
    const res = await api('PUT', '/events-batch', {
      body: [
        newEvent({ subject: 'Review claim audit batch 14' }),
        { ...existing, subject: 'Updated in a batch' },
        newEvent({ subject: 5, reminder: 'no' }),
        42,
        newEvent({ event_ID: 888_001, subject: 'Imported with its ID' }),
      ],
    })
    expect(res.status).toBe(200)
    const results = batchResultSchema.parse(res.data)
    expect(results.map((r) => r.status)).toEqual([201, 200, 400, 400, 201])
    expect(results[1]?.id).toEqual([{ key: 'event_ID', value: existing.event_ID }])
    expect(results[2]?.body).toMatch(/subject/)
    expect(results[2]?.body).toMatch(/reminder/)
    expect(results[4]?.id).toEqual([{ key: 'event_ID', value: 888_001 }])

    const createdId = results[0]?.id[0]?.value as number
    const created = eventSchema.parse((await api('GET', `/events/${createdId}`)).data)
    expect(created.subject).toBe('Review claim audit batch 14')
    expect(created.entry_User).toBe('admin')
    const updated = eventSchema.parse((await api('GET', `/events/${existing.event_ID}`)).data)
    expect(updated.subject).toBe('Updated in a batch')
    expect(updated.entry_Date).toBe(existing.entry_Date)
    const imported = eventSchema.parse((await api('GET', '/events/888001')).data)
    expect(imported.subject).toBe('Imported with its ID')
  })

  it('answers an empty result for an empty batch', async () => {
    const res = await api('PUT', '/events-batch', { body: [] })
    expect(res.status).toBe(200)
    expect(batchResultSchema.parse(res.data)).toEqual([])
  })

  it('answers 400 for a body that is not an array', async () => {
    const res = await api('PUT', '/events-batch', { body: newEvent() })
    expect(res.status).toBe(400)
  })

  it('answers 413 for more than 1000 items and stores none of them', async () => {
    const before = eventListSchema.parse((await api('GET', '/events?pageSize=1000&page=1')).data)
    const items = Array.from({ length: 1001 }, (_, i) => ({
      claim_Audit_Event: false,
      process_Automation_Event: false,
      reminder: false,
      subject: `Bulk ${i}`,
    }))
    const res = await api('PUT', '/events-batch', { body: items })
    expect(res.status).toBe(413)
    const after = eventListSchema.parse((await api('GET', '/events?pageSize=1000&page=1')).data)
    expect(after.map((e) => e.event_ID)).toEqual(before.map((e) => e.event_ID))
  })

  it('takes 1000 items', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => newEvent({ subject: `Import ${i}` }))
    const res = await api('PUT', '/events-batch', { body: items })
    expect(res.status).toBe(200)
    const results = batchResultSchema.parse(res.data)
    expect(results).toHaveLength(1000)
    expect(results.every((r) => r.status === 201)).toBe(true)
  })
})

describe('writes from a stale copy (no lost updates)', () => {
  it('stamps every write to the millisecond, each later than the one before', async () => {
    const created = await create()
    expect(created.update_Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/)
    let version = created
    for (let i = 0; i < 5; i++) {
      const res = await api('PUT', `/events/${created.event_ID}`, {
        body: { ...version, subject: `Edit ${i}` },
      })
      expect(res.status).toBe(200)
      const next = eventSchema.parse(res.data)
      expect(parseServiceDate(next.update_Date)!.getTime()).toBeGreaterThan(
        parseServiceDate(version.update_Date)!.getTime(),
      )
      version = next
    }
  })

  it('refuses a PUT made from an older version with 409 naming the current one; nothing is lost', async () => {
    const copy = await create({ subject: 'Loaded by two clients' })
    const first = await api('PUT', `/events/${copy.event_ID}`, {
      body: { ...copy, status: 'Waiting' },
    })
    expect(first.status).toBe(200)
    const stored = eventSchema.parse(first.data)

    const second = await api('PUT', `/events/${copy.event_ID}`, {
      body: { ...copy, priority: 'LOW' },
    })
    expect(second.status).toBe(409)
    expect(second.error?.detail).toContain(stored.update_Date!)
    expect(second.envelope.error).toMatchObject({ currentUpdateDate: stored.update_Date })
    const now = eventSchema.parse((await api('GET', `/events/${copy.event_ID}`)).data)
    expect(now).toMatchObject({ status: 'Waiting', priority: 'HIGH' })

    // Made from the current version, the same change goes through.
    const third = await api('PUT', `/events/${copy.event_ID}`, {
      body: { ...stored, priority: 'LOW' },
    })
    expect(third.status).toBe(200)
    expect(eventSchema.parse(third.data)).toMatchObject({ status: 'Waiting', priority: 'LOW' })
  })

  it('of 100 pairs of edits from one copy, every second edit is refused', async () => {
    const copies = await Promise.all(Array.from({ length: 100 }, () => create()))
    const outcomes = await Promise.all(
      copies.flatMap((copy) => [
        api('PUT', `/events/${copy.event_ID}`, { body: { ...copy, status: 'Waiting' } }),
        api('PUT', `/events/${copy.event_ID}`, { body: { ...copy, priority: 'LOW' } }),
      ]),
    )
    const statuses = outcomes.map((o) => o.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(100)
    expect(statuses.filter((s) => s === 409)).toHaveLength(100)
  })

  it('refuses a stale batch item with 409 and stores the others', async () => {
    const a = await create()
    const b = await create()
    expect(
      (await api('PUT', `/events/${a.event_ID}`, { body: { ...a, status: 'Waiting' } })).status,
    ).toBe(200)
    const res = await api('PUT', '/events-batch', {
      body: [
        { ...a, priority: 'LOW' },
        { ...b, priority: 'LOW' },
      ],
    })
    const results = batchResultSchema.parse(res.data)
    expect(results.map((r) => r.status)).toEqual([409, 200])
    expect(results[0]?.body).toMatch(/saved at/)
    const storedA = eventSchema.parse((await api('GET', `/events/${a.event_ID}`)).data)
    expect(storedA).toMatchObject({ status: 'Waiting', priority: 'HIGH' })
    const storedB = eventSchema.parse((await api('GET', `/events/${b.event_ID}`)).data)
    expect(storedB.priority).toBe('LOW')
  })
})

describe('the version a write was made from is required and exact', () => {
  /** The stored version and the ways of not sending it, with the status each gets. */
  const variants = (stored: string): [string, Record<string, unknown>, number][] => {
    // The same instant, written with the local offset: still not the stored text.
    const minutes = -parseServiceDate(stored)!.getTimezoneOffset()
    const hhmm = `${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`
    const offset = `${stored}${minutes < 0 ? '-' : '+'}${hhmm}`
    expect(parseServiceDate(offset)!.getTime()).toBe(parseServiceDate(stored)!.getTime())
    return [
      ['omitted', {}, 428],
      ['null', { update_Date: null }, 428],
      ['in the future', { update_Date: '2099-01-01T00:00:00.000' }, 409],
      ['with an offset', { update_Date: offset }, 409],
      ['as a date alone', { update_Date: stored.slice(0, 10) }, 409],
      ['exactly the stored one', { update_Date: stored }, 200],
    ]
  }
  const without = (event: Event) => {
    const { update_Date: _, ...rest } = event
    return rest
  }

  it('PUT: without it 428 naming update_Date, not exactly the stored one 409', async () => {
    for (let i = 0; i < 6; i++) {
      const event = await create()
      const [name, version, status] = variants(event.update_Date!)[i]!
      const res = await api('PUT', `/events/${event.event_ID}`, {
        body: { ...without(event), ...version, status: 'Waiting' },
      })
      expect(res.status, name).toBe(status)
      expect(res.error?.status ?? 200, name).toBe(status)
      if (status === 428) {
        expect(res.error?.errors).toHaveProperty('update_Date')
        expect(res.error?.detail).toMatch(/update_Date/)
      }
      const stored = eventSchema.parse((await api('GET', `/events/${event.event_ID}`)).data)
      expect(stored.status, name).toBe(status === 200 ? 'Waiting' : event.status)
    }
  })

  it('a batch: each update without its version is 428, with another one 409; creates need none', async () => {
    const events = await Promise.all(Array.from({ length: 6 }, () => create()))
    const body = events.map((event, i) => {
      const [, version] = variants(event.update_Date!)[i]!
      return { ...without(event), ...version, status: 'Waiting' }
    })
    const res = await api('PUT', '/events-batch', { body: [...body, newEvent()] })
    const results = batchResultSchema.parse(res.data)
    expect(results.map((r) => r.status)).toEqual([428, 428, 409, 409, 409, 200, 201])
    expect(results[0]?.body).toMatch(/update_Date/)
    for (const [i, event] of events.entries()) {
      const stored = eventSchema.parse((await api('GET', `/events/${event.event_ID}`)).data)
      expect(stored.status).toBe(i === 5 ? 'Waiting' : event.status)
    }
  })
})

describe('event IDs and ranges', () => {
  it('an event imported with the highest 32-bit ID does not stop later creates', async () => {
    const top = await create({ event_ID: 2_147_483_647 })
    expect(top.event_ID).toBe(2_147_483_647)
    const after = await Promise.all([create(), create(), create()])
    const ids = after.map((e) => e.event_ID)
    expect(new Set(ids).size).toBe(3)
    for (const id of ids) expect(id).toBeLessThan(2_147_483_647)
    const batch = await api('PUT', '/events-batch', { body: [newEvent(), newEvent()] })
    expect(batchResultSchema.parse(batch.data).map((r) => r.status)).toEqual([201, 201])
  })

  it('refuses a completion percentage outside 0 to 100', async () => {
    for (const value of [-1, 101, -1e308, 1e308]) {
      const res = await api('POST', '/events', { body: newEvent({ completion_Percent: value }) })
      expect(res.status).toBe(400)
      expect(res.error?.errors).toHaveProperty('completion_Percent')
    }
    expect((await create({ completion_Percent: 100 })).completion_Percent).toBe(100)
  })
})
