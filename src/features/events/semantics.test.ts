/*
 * One table of events, run through every view that says what an event means (the list's filters
 * and cells, the bell, My events, the calendar and its index questions, search): they must agree
 * with each other and with the model's rules.
 */
import { isValidElement, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { createEventIndex } from './index/event-index'
import { columnOf } from './list/columns/events-columns'
import { groupEvents, type QueueItem } from './my-events/group-events'
import { dueReminders } from './reminders/due-reminders'
import { overlaps, placeEvents } from './model/placement'
import { eventTitle } from './model/title'

const C = 'Completed'
// Tuesday 24 November 2026, 14:09 local time.
const now = new Date(2026, 10, 24, 14, 9)
const base = (id: number, over: Partial<Event>): Event => ({
  event_ID: id,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  user_ID: 'staff',
  status: 'Open',
  priority: 'NORMAL',
  subject: `Case ${id}`,
  ...over,
})

/** The table: each event and what it is, by the rules every view must follow. */
const TABLE: { event: Event; is: string[] }[] = [
  {
    // Completed, with a reminder still stored in the future and one in the past.
    event: base(1, {
      status: C,
      completion_Date: '2026-11-24T09:00:00',
      reminder: true,
      next_Scheduled_Date: '2026-11-24T09:06:00',
      due_Date: '2026-11-20T09:00:00',
    }),
    is: ['completed'],
  },
  {
    event: base(2, {
      completion_Date: '2026-11-23T09:00:00',
      reminder: true,
      next_Scheduled_Date: '2026-11-30T09:00:00',
    }),
    is: ['completed'],
  },
  {
    // Reminder off: its next date rings for nobody; overdue by its due date.
    event: base(3, {
      reminder: false,
      next_Scheduled_Date: '2026-11-24T08:00:00',
      due_Date: '2026-11-23T17:00:00',
    }),
    is: ['overdue'],
  },
  {
    // Snoozed: due yesterday, its reminder pushed to 14:24 today.
    event: base(4, {
      reminder: true,
      due_Date: '2026-11-23T10:00:00',
      next_Scheduled_Date: '2026-11-24T14:24:00',
    }),
    is: ['snoozed'],
  },
  {
    // Its snooze ran out: back in Overdue, and the bell rings.
    event: base(5, {
      reminder: true,
      due_Date: '2026-11-23T10:00:00',
      next_Scheduled_Date: '2026-11-24T13:00:00',
    }),
    is: ['overdue', 'reminder due'],
  },
  {
    // Due today at 15:30 with an old start: today, on the calendar at 15:30 (no bar).
    event: base(6, { start_Date: '2026-11-07T09:00:00', due_Date: '2026-11-24T15:30:00' }),
    is: ['today'],
  },
  {
    // Assigned to a group only, no priority, due next week.
    event: base(7, {
      user_ID: null,
      userGroup_Key: 4,
      priority: null,
      due_Date: '2026-12-01T09:00:00',
    }),
    is: ['upcoming'],
  },
  {
    // No due date; its reminder rang this morning: today, and the bell.
    event: base(8, { reminder: true, next_Scheduled_Date: '2026-11-24T08:30:00' }),
    is: ['today', 'reminder due'],
  },
  {
    // No dates at all, and no subject.
    event: base(9, { subject: '  ' }),
    is: ['undated'],
  },
  {
    // A span with no due date: placed from its start to its end.
    event: base(10, { start_Date: '2026-11-25T09:00:00', end_Date: '2026-11-27T17:00:00' }),
    is: ['upcoming'],
  },
]

const events = TABLE.map((row) => row.event)
const expected = (what: string) =>
  TABLE.filter((row) => row.is.includes(what))
    .map((row) => row.event.event_ID)
    .sort((a, b) => a - b)
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)
const idsOf = (items: QueueItem[]) => sorted(items.map((i) => i.event.event_ID))

const index = createEventIndex({
  priorityOrder: ['LOW', 'NORMAL', 'HIGH', 'URGENT'],
  completedStatus: C,
})
index.upsert(events)
const list = (filter: Parameters<typeof index.query>[0]) =>
  sorted(index.query(filter, [], now).rows.map((e) => e.event_ID))

/** The text a list cell shows. */
function cellText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return ''
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(cellText).join('')
  if (isValidElement<{ children?: ReactNode }>(node)) return cellText(node.props.children)
  return ''
}

describe('every view agrees on what an event means', () => {
  const groups = groupEvents(events, now, C)

  it('overdue: My events, the list filter', () => {
    expect(idsOf(groups.overdue)).toEqual(expected('overdue'))
    expect(list({ due: 'overdue' })).toEqual(expected('overdue'))
  })

  it('snoozed: My events, the list filter; never overdue meanwhile', () => {
    expect(idsOf(groups.snoozed)).toEqual(expected('snoozed'))
    expect(list({ due: 'snoozed' })).toEqual(expected('snoozed'))
    expect(groups.snoozed[0]?.snoozedUntil).toBe(new Date(2026, 10, 24, 14, 24).getTime())
  })

  it('reminder due: the bell and the list filter', () => {
    expect(sorted(dueReminders(events, now, C).map((e) => e.event_ID))).toEqual(
      expected('reminder due'),
    )
    expect(list({ reminderDue: true })).toEqual(expected('reminder due'))
  })

  it('today, upcoming and undated in My events; completed nowhere but the completed filter', () => {
    expect(idsOf(groups.today)).toEqual(expected('today'))
    expect(idsOf(groups.upcoming)).toEqual(expected('upcoming'))
    expect(idsOf(groups.undated)).toEqual(expected('undated'))
    expect(list({ completed: true })).toEqual(expected('completed'))
    expect(list({ completed: false })).toEqual(
      sorted(events.map((e) => e.event_ID).filter((id) => !expected('completed').includes(id))),
    )
  })

  it('the next reminder: a completed event or one with its reminder off shows none, in the list as on its page', () => {
    const cell = (id: number) =>
      cellText(
        columnOf('next_Scheduled_Date').render!(
          events.find((e) => e.event_ID === id)!,
          C,
        ),
      )
    expect(cell(1)).toBe('None (completed)')
    expect(cell(3)).toBe('Off')
    expect(cell(4)).toMatch(/14:24/)
  })

  it('the calendar: the page and the index place the same events in the same days', () => {
    for (const by of ['dates', 'reminder'] as const)
      for (const [from, to] of [
        [new Date(2026, 10, 24), new Date(2026, 10, 25)],
        [new Date(2026, 10, 23), new Date(2026, 10, 30)],
        [new Date(2026, 10, 1), new Date(2026, 11, 7)],
      ] as const) {
        const onPage = placeEvents(events, by, C)
          .placed.filter((p) => overlaps(p, { start: from, end: to }))
          .map((p) => p.event.event_ID)
        const fmt = (d: Date) =>
          `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T00:00:00`
        expect(sorted(onPage)).toEqual(list({ placed: { from: fmt(from), to: fmt(to), by } }))
      }
    // The task due at 15:30 is a point at 15:30 on one day, not a bar from its old start.
    const task = placeEvents([events[5]!], 'dates', C).placed[0]!
    expect(task).toMatchObject({ by: 'due', allDay: false, end: null })
    expect(task.start).toEqual(new Date(2026, 10, 24, 15, 30))
    // Completed and reminder-off events have nothing to place by reminder.
    expect(placeEvents([events[0]!, events[2]!], 'reminder', C).placed).toEqual([])
  })

  it('search finds by subject words and ID, and names an event without a subject the same everywhere', () => {
    expect(list({ text: 'case 7' })).toEqual([7])
    expect(list({ text: '9' })).toEqual([9])
    expect(eventTitle(events[8]!)).toBe('Event 9')
  })
})
