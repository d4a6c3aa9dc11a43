import { describe, expect, it } from 'vitest'
import { eventSchema } from '../../src/api/schemas/event'
import { eventScheduleSchema } from '../../src/api/schemas/event-schedule'
import { formatServiceDate, parseServiceDate } from '../../src/api/schemas/common'
import { eventsMigration, seedEvents } from './seed'
import { createRandom } from '../db/random'
import { migrate, openDb, transaction, type Row } from '../db/sqlite'
import { userGroups } from '../identity/users'
import { lookupLists } from '../lookups/data'
import { nextOccurrence, ruleFromSchedule } from './recurrence'
import { rowToEvent, rowToSchedule } from './store'

const now = new Date(2026, 5, 10, 11, 7, 30)

function seeded(count: number, seed = 2026) {
  const db = openDb(':memory:')
  migrate(db, ['CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);', eventsMigration])
  transaction(db, () => seedEvents(db, createRandom(seed), { count, now }))
  const events = (db.prepare('SELECT * FROM events ORDER BY event_ID').all() as Row[]).map(
    rowToEvent,
  )
  const schedules = (
    db.prepare('SELECT * FROM event_schedules ORDER BY schedule_ID').all() as Row[]
  ).map(rowToSchedule)
  return { db, events, schedules }
}

const { db, events, schedules } = seeded(3000)
const share = (n: number) => n / events.length
const at = (text: string | null | undefined) => (parseServiceDate(text) as Date).getTime()

describe('seedEvents', () => {
  it('stores contract-valid events and schedules in the canonical date form', () => {
    expect(events).toHaveLength(3000)
    for (const e of events) eventSchema.parse(e)
    for (const s of schedules) eventScheduleSchema.parse(s)
    const dates = events.flatMap((e) => [e.due_Date, e.entry_Date, e.next_Scheduled_Date])
    for (const d of dates.filter(Boolean))
      expect(d).toBe(formatServiceDate(parseServiceDate(d) as Date))
  })

  it('is the same for the same seed and different for another', () => {
    expect(seeded(200).events).toEqual(seeded(200).events)
    expect(seeded(200, 7).events).not.toEqual(seeded(200).events)
  })

  it('spreads due dates over the last 60 and next 90 days', () => {
    const days = events.map((e) => (at(e.due_Date) - now.getTime()) / 86_400_000)
    expect(Math.min(...days)).toBeGreaterThanOrEqual(-61)
    expect(Math.max(...days)).toBeLessThanOrEqual(91)
    expect(days.filter((d) => d < 0).length).toBeGreaterThan(events.length * 0.25)
  })

  it('assigns about 30% to a user group with no user', () => {
    const grouped = events.filter((e) => e.user_ID === null)
    expect(share(grouped.length)).toBeGreaterThan(0.25)
    expect(share(grouped.length)).toBeLessThan(0.35)
    const keys: number[] = userGroups.map((g) => g.key)
    for (const e of grouped) expect(keys).toContain(e.userGroup_Key)
  })

  it('completes some events, with a completion date and 100%', () => {
    for (const e of events) {
      expect(e.status === 'Completed').toBe(e.completion_Date !== null)
      if (e.status === 'Completed') {
        expect(e.completion_Percent).toBe(100)
        expect(at(e.completion_Date)).toBeLessThanOrEqual(now.getTime())
      }
    }
    expect(new Set(events.map((e) => e.status))).toEqual(
      new Set(['Open', 'In progress', 'Waiting', 'Completed']),
    )
  })

  it('makes about a third reminders, each with a next scheduled date', () => {
    const reminders = events.filter((e) => e.reminder)
    expect(share(reminders.length)).toBeGreaterThan(0.28)
    expect(share(reminders.length)).toBeLessThan(0.42)
    for (const e of reminders) expect(e.next_Scheduled_Date).not.toBeNull()
  })

  it.each(['admin', 'staff', 'support'])('gives %s several reminders due right now', (user) => {
    const due = events.filter(
      (e) =>
        e.user_ID === user &&
        e.reminder &&
        e.completion_Date === null &&
        at(e.next_Scheduled_Date) <= now.getTime() &&
        at(e.next_Scheduled_Date) >= now.getTime() - 3 * 86_400_000 - 60_000,
    )
    expect(due.length).toBeGreaterThanOrEqual(4)
  })

  it('uses the priorities lookup and the five event types', () => {
    expect(new Set(events.map((e) => e.priority))).toEqual(
      new Set(['LOW', 'NORMAL', 'HIGH', 'URGENT']),
    )
    expect(new Set(events.map((e) => e.event_Type))).toEqual(
      new Set(['TASK', 'REMINDER', 'FOLLOW_UP', 'AUDIT', 'REPORT']),
    )
  })

  it('ties a few events to claim audits and report series', () => {
    const audits = events.filter((e) => e.claim_Audit_Event)
    const automated = events.filter((e) => e.process_Automation_Event)
    expect(audits.length).toBeGreaterThan(10)
    expect(share(audits.length)).toBeLessThan(0.1)
    expect(automated.length).toBeGreaterThan(10)
    for (const e of automated) expect(e.reportSeries_Key).toBeTypeOf('number')
    for (const e of events.filter((x) => !x.process_Automation_Event))
      expect(e.reportSeries_Key).toBeNull()
  })

  it('gives about a fifth of events one or two schedules whose next dates follow their rules', () => {
    const byEvent = new Map<number, typeof schedules>()
    for (const s of schedules) byEvent.set(s.event_ID, [...(byEvent.get(s.event_ID) ?? []), s])
    expect(share(byEvent.size)).toBeGreaterThan(0.15)
    expect(share(byEvent.size)).toBeLessThan(0.28)
    for (const list of byEvent.values()) expect(list.length).toBeLessThanOrEqual(2)
    const kinds = new Set(schedules.map((s) => s.schedule_Interval))
    expect(kinds).toEqual(new Set([1, 2, 3, 4]))
    for (const s of schedules) {
      const rule = ruleFromSchedule(s)
      if (typeof rule === 'string') throw new Error(`schedule ${s.schedule_ID}: ${rule}`)
      // The next date is an occurrence: the next one after a second before it is itself.
      const next = at(s.next_Scheduled_Date)
      expect(nextOccurrence(rule, new Date(next - 1000))?.getTime()).toBe(next)
    }
    for (const [eventId, list] of byEvent) {
      const event = events[eventId - 1]
      expect(event?.next_Scheduled_Date).toBe(list[0]?.next_Scheduled_Date)
    }
  })

  it('fills the twelve lookup lists', () => {
    const counts = db.prepare('SELECT list, count(*) AS n FROM lookups GROUP BY list').all() as {
      list: string
      n: number
    }[]
    expect(counts.map((c) => c.list).sort()).toEqual(lookupLists.map((l) => l.path).sort())
  })

  it('seeds 5000 events quickly', () => {
    const t = performance.now()
    seeded(5000)
    expect(performance.now() - t).toBeLessThan(2000)
  })
})
