import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { compileFilter, searchWords, type EventFilter } from '../model/filter'
import { factsOf } from '../model/facts'
import { createEventIndex } from './event-index'

const event = (id: number, over: Partial<Event> = {}): Event => ({
  event_ID: id,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: true,
  subject: `Event ${id}`,
  ...over,
})

// Monday 23 November 2026, 10:00 local time.
const now = new Date(2026, 10, 23, 10, 0)
const index = createEventIndex({
  priorityOrder: ['URGENT', 'HIGH', 'NORMAL', 'LOW'],
  completedStatus: 'Completed',
})
index.upsert([
  event(1, { priority: 'LOW', status: 'Open', user_ID: 'staff', due_Date: '2026-11-20T09:00:00' }),
  event(2, {
    priority: 'URGENT',
    status: 'Open',
    user_ID: 'staff',
    due_Date: '2026-11-23T15:00:00',
  }),
  event(3, {
    priority: 'HIGH',
    status: 'Completed',
    user_ID: 'staff',
    due_Date: '2026-11-10T09:00:00',
  }),
  event(4, {
    priority: 'NORMAL',
    status: 'Waiting',
    user_ID: 'dchen',
    userGroup_Key: 5,
    due_Date: '2026-11-29T23:00:00',
  }),
  event(5, {
    priority: null,
    subject: 'Call about claim 261022214',
    due_Date: null,
    next_Scheduled_Date: '2026-11-23T09:59:00',
  }),
  event(6, {
    priority: 'URGENT',
    status: 'Open',
    user_ID: 'staff',
    due_Date: '2026-11-30T08:00:00',
    completion_Date: '2026-11-21T08:00:00',
  }),
])
const ids = (result: { rows: Event[] }) => result.rows.map((e) => e.event_ID)

describe('event index', () => {
  it('sorts priority by importance, not by code, with empty values last in both directions', () => {
    const asc = index.query({}, [{ field: 'priority', dir: 'asc' }], now)
    expect(ids(asc)).toEqual([2, 6, 3, 4, 1, 5])
    const desc = index.query({}, [{ field: 'priority', dir: 'desc' }], now)
    expect(ids(desc)).toEqual([1, 4, 3, 2, 6, 5])
  })

  it('answers "my urgent items that are overdue" and counts', () => {
    const overdue = index.query({ user: ['staff'], due: 'overdue' }, [], now)
    expect(ids(overdue)).toEqual([1])
    const urgentOpen = index.query({ priority: ['URGENT'], completed: false }, [], now)
    expect(ids(urgentOpen)).toEqual([2])
    expect(index.query({ completed: true }, [], now).total).toBe(2)
  })

  it('filters by due today, this week (Monday to Sunday) and a range', () => {
    expect(ids(index.query({ due: 'today' }, [], now))).toEqual([2])
    expect(ids(index.query({ due: 'week' }, [], now))).toEqual([2, 4])
    const range = index.query({ due: { from: '2026-11-20', to: '2026-11-23T23:59:59' } }, [], now)
    expect(ids(range)).toEqual([1, 2])
  })

  it('finds by words of the subject or by ID, and by group', () => {
    expect(ids(index.query({ text: 'claim 261022214' }, [], now))).toEqual([5])
    expect(ids(index.query({ text: 'CALL about' }, [], now))).toEqual([5])
    // A number finds the event with that ID, and subjects holding it.
    expect(ids(index.query({ text: '4' }, [], now))).toEqual([4, 5])
    expect(ids(index.query({ text: '6' }, [], now))).toEqual([5, 6])
    expect(ids(index.query({ group: [5] }, [], now))).toEqual([4])
  })

  it('ranks search answers: exact subject or ID, then words at word starts, then inside', () => {
    const idx = createEventIndex({ priorityOrder: [], completedStatus: 'Completed' })
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00`
    idx.upsert([
      event(21, { subject: 'Quarterly review', update_Date: at(1) }),
      event(22, { subject: 'Quarterly review with José', update_Date: at(5) }),
      event(23, { subject: 'Renewal: quarterly review', update_Date: at(9) }),
      event(24, { subject: 'New broker renewal', update_Date: at(3) }),
      event(25, { subject: 'Prequarterly reviewing', update_Date: at(7) }),
    ])
    const newest = [{ field: 'update_Date', dir: 'desc' as const }]
    const page = { offset: 0, limit: 10 }
    const search = (text: string, p = page) =>
      idx.query({ text }, newest, now, p, { rank: 'relevance' })

    // Without a rank, the newest changed first; ranked, the exact subject first.
    expect(ids(idx.query({ text: 'quarterly review' }, newest, now))).toEqual([23, 25, 22, 21])
    const ranked = search('Quarterly Review')
    expect(ids(ranked)).toEqual([21, 23, 22, 25])
    expect(ranked.ranks).toEqual([0, 1, 1, 2])
    expect(ranked.total).toBe(4)
    // A page of the ranked answer, with its rows' ranks.
    const second = search('quarterly review', { offset: 1, limit: 2 })
    expect(ids(second)).toEqual([23, 22])
    expect(second.ranks).toEqual([1, 1])
    // "new" finds the word start before the word inside, whatever changed last.
    expect(ids(search('new'))).toEqual([24, 23])
    expect(search('new').ranks).toEqual([1, 2])
    // Accents and case folded; an ID typed is exact.
    expect(ids(search('JOSE'))).toEqual([22])
    expect(ids(search('25'))).toEqual([25])
    expect(search('25').ranks).toEqual([0])
  })

  it('knows which reminders are due and pages the result', () => {
    expect(ids(index.query({ reminderDue: true }, [], now))).toEqual([5])
    const page = index.query({}, [{ field: 'event_ID', dir: 'desc' }], now, { offset: 2, limit: 2 })
    expect(page.total).toBe(6)
    expect(ids(page)).toEqual([4, 3])
  })

  it('offers the values in use with their counts', () => {
    const { statuses, users, groups } = index.facets()
    expect(statuses.get('Open')).toBe(3)
    expect(users.get('staff')).toBe(4)
    expect(groups.get(5)).toBe(1)
  })

  it('sorts what is most pressing first: open before completed, then due soonest, undated last', () => {
    const pressing = index.query(
      {},
      [
        { field: 'completed', dir: 'asc' },
        { field: 'due_Date', dir: 'asc' },
      ],
      now,
    )
    // 1 is overdue, 2 due today, 4 later, 5 has no due date; 3 and 6 are completed.
    expect(ids(pressing)).toEqual([1, 2, 4, 5, 3, 6])
  })

  it('leaves out chosen values ("not"), and finds the unassigned and a user\'s groups', () => {
    expect(ids(index.query({ not: { status: ['Open'] } }, [], now))).toEqual([3, 4, 5])
    expect(ids(index.query({ not: { priority: ['URGENT', 'LOW'], type: [] } }, [], now))).toEqual([
      3, 4, 5,
    ])
    expect(ids(index.query({ unassigned: true }, [], now))).toEqual([5])
    expect(ids(index.query({ inGroups: [5, 9] }, [], now))).toEqual([4])
    // A user in no group has no group's events.
    expect(index.query({ inGroups: [] }, [], now).total).toBe(0)
  })

  it('finds what a user entered and what was saved since a time', () => {
    const idx = createEventIndex({ priorityOrder: [], completedStatus: 'Completed' })
    idx.upsert([
      event(1, { entry_User: 'staff', update_Date: '2026-11-20T09:00:00.120' }),
      event(2, { entry_User: 'admin', update_Date: '2026-11-22T00:00:00' }),
      event(3, { entry_User: 'staff', update_Date: '2026-11-23T08:00:00' }),
      event(4, { entry_User: null, update_Date: null }),
    ])
    expect(ids(idx.query({ enteredBy: ['staff'] }, [], now))).toEqual([1, 3])
    expect(ids(idx.query({ updatedSince: '2026-11-22T00:00:00' }, [], now))).toEqual([2, 3])
    expect(
      ids(idx.query({ enteredBy: ['staff'], updatedSince: '2026-11-21T00:00:00' }, [], now)),
    ).toEqual([3])
    // A date that cannot be read matches nothing rather than everything.
    expect(idx.query({ updatedSince: 'soon' }, [], now).total).toBe(0)
  })

  it('gives the IDs of every match, and the events of given IDs, without the rest', () => {
    expect(index.ids({ user: ['staff'], completed: false }, now).sort()).toEqual([1, 2])
    expect(index.events([4, 99, 1]).map((e) => e.event_ID)).toEqual([4, 1])
  })

  it('gives the calendar what it places in a range, by dates or by reminder', () => {
    const cal = createEventIndex({ priorityOrder: [], completedStatus: 'Completed' })
    cal.upsert([
      event(10, { due_Date: '2026-11-05T09:00:00' }),
      // A span from October into November (no due date), placed by its start and end.
      event(11, { start_Date: '2026-10-28T09:00:00', end_Date: '2026-11-02T17:00:00' }),
      event(12, { start_Date: '2026-11-30T09:00:00' }),
      event(13, {
        due_Date: '2026-12-01T00:00:00',
        next_Scheduled_Date: '2026-11-15T08:00:00',
        reminder: true,
      }),
      event(14, {}),
      // A task is at its due time (December), never a bar from an old start through November.
      event(15, {
        start_Date: '2026-10-01T09:00:00',
        end_Date: '2026-12-10T09:00:00',
        due_Date: '2026-12-10T09:00:00',
      }),
      // Its reminder is off: nothing rings, nothing to place by reminder.
      event(16, { next_Scheduled_Date: '2026-11-16T08:00:00', reminder: false }),
    ])
    const november = { from: '2026-11-01T00:00:00', to: '2026-12-01T00:00:00' }
    expect(ids(cal.query({ placed: { ...november, by: 'dates' } }, [], now))).toEqual([10, 11, 12])
    expect(ids(cal.query({ placed: { ...november, by: 'reminder' } }, [], now))).toEqual([13])
  })

  it('keeps its order as events change, and re-keys priorities without a reload', () => {
    const idx = createEventIndex({ priorityOrder: ['LOW', 'HIGH'], completedStatus: 'Completed' })
    idx.upsert([event(1, { priority: 'HIGH' }), event(2, { priority: 'LOW' })])
    const byPriority = [{ field: 'priority', dir: 'desc' as const }]
    expect(ids(idx.query({}, byPriority, now))).toEqual([1, 2])
    idx.upsert([event(3, { priority: 'HIGH' })])
    expect(ids(idx.query({}, byPriority, now))).toEqual([1, 3, 2])
    const before = idx.version
    idx.reconfigure({ priorityOrder: ['HIGH', 'LOW'], completedStatus: 'Completed' })
    expect(idx.version).toBeGreaterThan(before)
    expect(ids(idx.query({}, byPriority, now))).toEqual([2, 1, 3])
    idx.remove([2])
    expect(ids(idx.query({}, byPriority, now))).toEqual([1, 3])
  })

  it('tells the version it holds of one event, and none for an event it does not hold', () => {
    const idx = createEventIndex({ priorityOrder: [], completedStatus: 'Completed' })
    idx.upsert([event(7, { update_Date: '2026-11-20T09:30:00' }), event(8)])
    expect(idx.heldVersion(7)).toBe(new Date(2026, 10, 20, 9, 30).getTime())
    expect(idx.heldVersion(8)).toBeNull()
    expect(idx.heldVersion(9)).toBeUndefined()
  })

  it('answers the same once prepared for an order', () => {
    const sort = [{ field: 'due_Date', dir: 'desc' as const }]
    const asked = [{ text: 'claim' }, { text: '4' }, { due: 'overdue' as const }, {}]
    const before = asked.map((filter) => ids(index.query(filter, sort, now)))
    index.prepare(sort)
    expect(asked.map((filter) => ids(index.query(filter, sort, now)))).toEqual(before)
    expect(before[0]).toEqual([5])
  })

  it("takes 'this week' from the first day it is given, as the calendar does", () => {
    const open = { user_ID: 'staff', status: 'Open' }
    const events = [
      event(1, { ...open, due_Date: '2026-11-22T10:00:00' }), // Sunday before
      event(2, { ...open, due_Date: '2026-11-25T10:00:00' }), // Wednesday
      event(3, { ...open, due_Date: '2026-11-29T10:00:00' }), // Sunday after
    ]
    const week = (firstDay?: number) => {
      const idx = createEventIndex({ priorityOrder: [], completedStatus: 'Completed', firstDay })
      idx.upsert(events.slice(0, 2))
      const dueThisWeek = idx.workload(now).people.find(([id]) => id === 'staff')?.[1].dueThisWeek
      idx.upsert(events.slice(2))
      return { ids: ids(idx.query({ due: 'week' }, [], now)), dueThisWeek }
    }
    expect(week(0)).toEqual({ ids: [1, 2], dueThisWeek: 2 })
    expect(week(1)).toEqual({ ids: [2, 3], dueThisWeek: 1 })
    expect(week()).toEqual(week(1))
  })

  it('skips by due date only events the model’s filter would not take', () => {
    // Due dates around every edge (midnight, now, the week's ends), open, completed, snoozed
    // (a reminder still to ring on an event due already), undated.
    const dues = [
      null,
      '2026-11-22T23:59:59',
      '2026-11-23T00:00:00',
      '2026-11-23T09:59:59',
      '2026-11-23T10:00:00',
      '2026-11-23T23:59:59',
      '2026-11-24T00:00:00',
      '2026-11-29T23:59:59',
      '2026-11-30T00:00:00',
      'not a date',
    ]
    const events = dues.flatMap((due, i) =>
      [false, true].flatMap((done, j) =>
        [null, '2026-11-23T12:00:00'].map((next, k) =>
          event(100 + i * 4 + j * 2 + k, {
            due_Date: due,
            status: done ? 'Completed' : 'Open',
            reminder: next !== null,
            next_Scheduled_Date: next,
          }),
        ),
      ),
    )
    const idx = createEventIndex({ priorityOrder: [], completedStatus: 'Completed' })
    idx.upsert(events)
    const sort = [{ field: 'event_ID', dir: 'asc' as const }]
    const filters = [
      { due: 'overdue' as const },
      { due: 'snoozed' as const },
      { due: 'today' as const },
      { due: 'week' as const },
      { due: { from: '2026-11-23T00:00:00', to: '2026-11-23T10:00:00' } },
      { due: { to: '2026-11-23T00:00:00' } },
      { due: 'today' as const, text: 'event' },
      { text: 'vent 11' },
      { text: '11 vent' },
      { text: '112' },
      { due: 'overdue' as const, text: 'event 1' },
    ]
    const byModel = (filter: EventFilter) => {
      const test = compileFilter(filter, now, 1)
      return events
        .filter((e) => test({ event: e, facts: factsOf(e, 'Completed'), words: searchWords(e) }))
        .map((e) => e.event_ID)
    }
    for (const filter of filters)
      expect(ids(idx.query(filter, sort, now)), JSON.stringify(filter)).toEqual(byModel(filter))
    const dueOf = (ids: number[]) => [...new Set(ids.map((id) => events[id - 100]!.due_Date))]
    expect(dueOf(byModel({ due: 'today' }))).toEqual(dues.slice(2, 6))
    expect(dueOf(byModel({ due: 'week' }))).toEqual(dues.slice(2, 8))
    expect(dueOf(byModel({ due: 'overdue' }))).toEqual(dues.slice(1, 4))
    // Each kind of answer is there to be found.
    expect(filters.map((f) => byModel(f).length).every((n) => n > 0)).toBe(true)
    // A change is seen: the columns are of the order as it is now, not as it was.
    idx.upsert([event(100, { due_Date: '2026-11-23T08:00:00', status: 'Open' })])
    expect(ids(idx.query({ due: 'today' }, sort, now))).toContain(100)
  })
})
