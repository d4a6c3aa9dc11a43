// @vitest-environment jsdom
// One table of events, read by every view that showed them differently: My events' groups and
// its group line, the list's Due filters and cells, the export's columns. Each view must say what
// the model says of each event.
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { columnOf, renderCell } from './list/columns/events-columns'
import { exportColumns } from './list/export/csv'
import { compileFilter, searchWords, type EventFilter } from './model/filter'
import { factsOf } from './model/facts'
import { groupEvents } from './my-events/group-events'

afterEach(cleanup)

const NOW = new Date(2026, 10, 26, 14, 0)
const pad = (n: number) => String(n).padStart(2, '0')
const at = (h: number, m = 0, dayOffset = 0) => {
  const d = new Date(2026, 10, 26 + dayOffset, h, m)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:00`
}
const base = { claim_Audit_Event: false, process_Automation_Event: false, reminder: false }

/** The cases the walk-through saw disagree, with what every view must say of each. */
const CASES: {
  name: string
  event: Event
  group: 'overdue' | 'today' | 'snoozed' | 'upcoming' | 'completed'
  dueToday: boolean
  overdue: boolean
  nextReminder: string
}[] = [
  {
    name: 'due earlier today',
    event: { ...base, event_ID: 1, due_Date: at(9) },
    group: 'overdue',
    dueToday: true,
    overdue: true,
    nextReminder: 'Off',
  },
  {
    name: 'due later today',
    event: { ...base, event_ID: 2, due_Date: at(17) },
    group: 'today',
    dueToday: true,
    overdue: false,
    nextReminder: 'Off',
  },
  {
    name: 'overdue but snoozed',
    event: {
      ...base,
      event_ID: 3,
      due_Date: at(9, 0, -3),
      reminder: true,
      next_Scheduled_Date: at(16),
    },
    group: 'snoozed',
    dueToday: false,
    overdue: false,
    nextReminder: '2026-11-26 16:00:00',
  },
  {
    name: 'a reminder turned off, a date kept',
    event: { ...base, event_ID: 4, due_Date: at(9, 0, 2), next_Scheduled_Date: at(8, 0, 2) },
    group: 'upcoming',
    dueToday: false,
    overdue: false,
    nextReminder: 'Off',
  },
  {
    name: 'completed, due earlier today',
    event: {
      ...base,
      event_ID: 5,
      due_Date: at(9),
      status: 'Completed',
      reminder: true,
      next_Scheduled_Date: at(8),
    },
    group: 'completed',
    dueToday: true,
    overdue: false,
    nextReminder: 'None (completed)',
  },
]

const subject = (event: Event) => ({
  event,
  facts: factsOf(event, 'Completed'),
  words: searchWords(event),
})
const takes = (filter: EventFilter, event: Event) => compileFilter(filter, NOW)(subject(event))

describe('every view says of an event what the model says', () => {
  it.each(CASES)('$name', ({ event, group, dueToday, overdue, nextReminder }) => {
    // My events' groups (and so its group line's overdue count).
    const groups = groupEvents([event], NOW, 'Completed')
    const found = (Object.keys(groups) as (keyof typeof groups)[]).find((g) => groups[g].length)
    expect(found ?? 'completed').toBe(group)
    // The list's Due = Today is the whole calendar day; Due = Overdue is the model's overdue.
    expect(takes({ due: 'today' }, event)).toBe(dueToday)
    expect(takes({ due: 'overdue' }, event)).toBe(overdue)
    // The export's Next reminder is what the list's cell says.
    const [, exported] = exportColumns([columnOf('next_Scheduled_Date')], {
      priorities: [],
      completedStatus: 'Completed',
      personName: (id) => id,
      groupName: (key) => `Group ${key}`,
    })
    expect(exported!.text(event)).toBe(nextReminder)
    const { container } = render(
      <>{renderCell(columnOf('next_Scheduled_Date'), event, 'Completed')}</>,
    )
    const shown = container.textContent ?? ''
    if (nextReminder.startsWith('2026')) expect(shown).toMatch(/26 Nov 2026|Nov 26, 2026/)
    else expect(shown).toBe(nextReminder)
  })

  it('names people and groups the same in the export and the list', () => {
    const names = {
      priorities: [],
      completedStatus: 'Completed',
      personName: (id: string) => ({ orossi: 'Olivia Rossi' })[id] ?? id,
      groupName: (key: number) => ({ 3: 'Member services' })[key] ?? `Group ${key}`,
    }
    const cols = exportColumns([columnOf('user_ID')], names)
    const row = (e: Event) => cols.slice(1).map((c) => c.text(e))
    expect(row({ ...base, event_ID: 9, user_ID: 'orossi' })).toEqual([
      'orossi',
      'Olivia Rossi',
      '',
      '',
    ])
    expect(row({ ...base, event_ID: 9, userGroup_Key: 3 })).toEqual([
      '',
      '',
      '3',
      'Member services',
    ])
  })
})
