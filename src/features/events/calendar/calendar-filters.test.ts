import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { compileFilter } from '../model/filter'
import { factsOf } from '../model/facts'
import { activeFilterCount, calendarFilter, filterChoices } from './calendar-filters'
import type { CalendarFilters } from './calendar-search'

const event = (over: Partial<Event> = {}): Event => ({
  event_ID: 1,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  user_ID: 'admin',
  userGroup_Key: null,
  priority: 'HIGH',
  status: 'Open',
  ...over,
})
const all: CalendarFilters = {
  user: null,
  group: null,
  priority: null,
  status: null,
  showCompleted: true,
}
const matches = (e: Event, f: Partial<CalendarFilters>) =>
  compileFilter(
    calendarFilter({ ...all, ...f }),
    new Date(2026, 10, 24),
  )({ event: e, facts: factsOf(e, 'Completed'), words: '' })

describe('calendarFilter (asked of the index, decided by the model)', () => {
  it('passes everything with no filter', () => {
    expect(matches(event(), {})).toBe(true)
    expect(matches(event({ user_ID: null, priority: null, status: null }), {})).toBe(true)
  })

  it('filters by assigned user and group', () => {
    expect(matches(event(), { user: 'admin' })).toBe(true)
    expect(matches(event(), { user: 'staff' })).toBe(false)
    expect(matches(event({ user_ID: null, userGroup_Key: 3 }), { group: 3 })).toBe(true)
    expect(matches(event({ userGroup_Key: 2 }), { group: 3 })).toBe(false)
    expect(matches(event({ user_ID: null, userGroup_Key: 3 }), { user: 'admin', group: 3 })).toBe(
      false,
    )
  })

  it('filters by priority and status exactly, as the index does everywhere', () => {
    expect(matches(event(), { priority: 'HIGH' })).toBe(true)
    expect(matches(event(), { priority: 'LOW' })).toBe(false)
    expect(matches(event({ status: 'In progress' }), { status: 'In progress' })).toBe(true)
    expect(matches(event(), { status: 'Waiting' })).toBe(false)
  })

  it('hides completed events (by date or by status) when asked', () => {
    const doneByDate = event({ completion_Date: '2026-11-01T10:00:00' })
    const doneByStatus = event({ status: 'completed' })
    expect(matches(doneByDate, {})).toBe(true)
    expect(matches(doneByDate, { showCompleted: false })).toBe(false)
    expect(matches(doneByStatus, { showCompleted: false })).toBe(false)
    expect(matches(event(), { showCompleted: false })).toBe(true)
  })
})

describe('filter menus', () => {
  it('offers the values seen, sorted, with the current choices kept', () => {
    const choices = filterChoices(
      [
        event({ user_ID: 'staff', status: 'Waiting', userGroup_Key: 5 }),
        event({ user_ID: null, userGroup_Key: 2 }),
      ],
      { ...all, user: 'zed', group: 9, status: 'Parked' },
      { users: ['admin'], statuses: ['Completed'] },
    )
    expect(choices).toEqual({
      users: ['admin', 'staff', 'zed'],
      groups: [2, 5, 9],
      statuses: ['Completed', 'Open', 'Parked', 'Waiting'],
    })
  })

  it('counts what narrows the default (mine, everything)', () => {
    expect(activeFilterCount({ ...all, user: 'admin' }, 'admin')).toBe(0)
    expect(activeFilterCount({ ...all }, 'admin')).toBe(1)
    expect(
      activeFilterCount(
        { user: 'x', group: 1, priority: 'HIGH', status: 'Open', showCompleted: false },
        'admin',
      ),
    ).toBe(5)
  })
})
