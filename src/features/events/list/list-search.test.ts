import { describe, expect, it } from 'vitest'
import {
  DEFAULT_COLUMNS,
  eventListSearchParams,
  orderColumns,
  matchIdentity,
  parseEventListSearch,
  readableSearch,
  toggleSort,
  toListParams,
} from './list-search'
import { EMPTY_FILTER, toIndexFilter, usableFilter } from './filters/list-filter'

const parse = (query: string) => parseEventListSearch(new URLSearchParams(query))

describe('parseEventListSearch', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parse('')).toEqual({
      page: 1,
      size: 25,
      // The most pressing first: open before completed, then due soonest (overdue at the top).
      sort: [
        { field: 'completed', direction: 'asc' },
        { field: 'due_Date', direction: 'asc' },
      ],
      columns: [...DEFAULT_COLUMNS],
      filter: EMPTY_FILTER,
    })
  })

  it('reads the filters, dropping what is malformed, and writes them back the same', () => {
    const search = parse(
      'status=Open,Waiting,Open&priority=URGENT&type=TASK&user=staff&group=5,x&due=range&from=2026-11-01&to=nope&reminder=due&completed=open&due2=1',
    )
    expect(search.filter).toEqual({
      ...EMPTY_FILTER,
      status: ['Open', 'Waiting'],
      priority: ['URGENT'],
      type: ['TASK'],
      user: ['staff'],
      group: [5],
      due: 'range',
      from: '2026-11-01',
      reminderDue: true,
      completed: 'open',
    })
    const again = parse(eventListSearchParams(search).toString())
    expect(again.filter).toEqual(search.filter)
    expect(parse('due=yesterday&completed=maybe').filter).toEqual(EMPTY_FILTER)
    // A URL is typed by anyone: the lists are bounded.
    const many = Array.from({ length: 500 }, (_, i) => `s${i}`).join(',')
    expect(parse(`status=${many}`).filter.status.length).toBeLessThanOrEqual(50)
  })

  it('reads "not", unassigned, my groups, created by me and updated since, and writes them back', () => {
    const search = parse(
      'status=Closed,Done&priority=LOW&not=status,bogus,type&assignee=my-groups&created=me&updated=2026-11-01',
    )
    expect(search.filter).toMatchObject({
      status: ['Closed', 'Done'],
      priority: ['LOW'],
      exclude: ['status', 'type'],
      assignee: 'my-groups',
      createdByMe: true,
      updatedSince: '2026-11-01',
    })
    // "not" is written only where values are chosen (type has none).
    const written = eventListSearchParams(search)
    expect(written.get('not')).toBe('status')
    expect(parse(written.toString()).filter).toEqual({ ...search.filter, exclude: ['status'] })
    expect(parse('assignee=nobody&created=you&updated=soon').filter).toEqual(EMPTY_FILTER)

    const me = { userId: 'staff', groups: [2, 5] }
    expect(toIndexFilter(search.filter, '', me)).toMatchObject({
      status: [],
      priority: ['LOW'],
      not: { status: ['Closed', 'Done'], priority: [], type: [] },
      inGroups: [2, 5],
      enteredBy: ['staff'],
      updatedSince: '2026-11-01T00:00:00',
    })
    expect(toIndexFilter(parse('assignee=unassigned').filter, '', me)).toMatchObject({
      unassigned: true,
      inGroups: undefined,
    })
  })

  it('drops "one of my groups" for a user whose token names no groups', () => {
    const filter = parse('assignee=my-groups&status=Open').filter
    expect(usableFilter(filter, { userId: 'staff', groups: null })).toEqual({
      ...filter,
      assignee: '',
    })
    // No group at all: nothing to offer either (the option is not shown).
    expect(usableFilter(filter, { userId: 'staff', groups: [] })).toEqual({
      ...filter,
      assignee: '',
    })
    expect(usableFilter(filter, { userId: 'staff', groups: [1, 3] })).toBe(filter)
  })

  it('never puts the free text in the address, and the index gets it with the filters', () => {
    const search = parse('status=Open&due=range&from=2026-11-01&to=2026-11-30')
    expect(eventListSearchParams(search).toString()).not.toContain('claim')
    expect(toIndexFilter(search.filter, ' claim 261022214 ')).toMatchObject({
      status: ['Open'],
      due: { from: '2026-11-01T00:00:00', to: '2026-11-30T23:59:59.999' },
      text: 'claim 261022214',
      completed: undefined,
    })
  })

  it('reads page, size, several sort keys and the columns', () => {
    const search = parse('page=3&size=100&sort=priority:desc,subject&cols=subject,event_ID,status')
    expect(search.page).toBe(3)
    expect(search.size).toBe(100)
    expect(search.sort).toEqual([
      { field: 'priority', direction: 'desc' },
      { field: 'subject', direction: 'asc' },
    ])
    // Display order, not URL order: the defaults first, then the other fields.
    expect(search.columns).toEqual(['subject', 'status', 'event_ID'])
  })

  it('falls back to the default for each invalid part, keeping the valid ones', () => {
    const search = parse('page=-2&size=30&sort=nope:desc,subject:sideways,status:DESC&cols=bogus')
    expect(search.page).toBe(1)
    expect(search.size).toBe(25)
    expect(search.sort).toEqual([{ field: 'status', direction: 'desc' }])
    // The subject always shows, even when the URL names no known column.
    expect(search.columns).toEqual(['subject'])
  })

  it('accepts only the offered page sizes', () => {
    expect([25, 50, 100, 500, 1000].map((n) => parse(`size=${n}`).size)).toEqual([
      25, 50, 100, 500, 25,
    ])
  })

  it('uses the default sort when no key is usable, and keeps one key per field', () => {
    expect(parse('sort=').sort).toEqual([
      { field: 'completed', direction: 'asc' },
      { field: 'due_Date', direction: 'asc' },
    ])
    expect(parse('sort=completed:desc,subject').sort).toEqual([
      { field: 'completed', direction: 'desc' },
      { field: 'subject', direction: 'asc' },
    ])
    expect(parse('sort=status:asc,status:desc').sort).toEqual([
      { field: 'status', direction: 'asc' },
    ])
  })
})

describe('eventListSearchParams', () => {
  it('leaves the defaults out', () => {
    expect(eventListSearchParams(parse('')).toString()).toBe('')
  })

  it('round-trips a state through the URL', () => {
    const search = parse('page=2&size=500&sort=subject:asc,due_Date:desc&cols=subject,reminder')
    expect(parseEventListSearch(eventListSearchParams(search))).toEqual(search)
  })

  it('writes commas and colons readably', () => {
    const params = eventListSearchParams(parse('sort=subject:asc,status:desc'))
    expect(readableSearch(params)).toBe('?sort=subject:asc,status:desc')
    expect(readableSearch(new URLSearchParams())).toBe('')
  })
})

describe('toListParams and matchIdentity', () => {
  it('maps the URL state to the service parameters', () => {
    expect(toListParams(parse('page=4&size=50&sort=subject,status:desc'))).toEqual({
      page: 4,
      pageSize: 50,
      sortBy: 'subject:asc,status:desc',
    })
  })

  it('asks the service for open-before-completed as the completion date, which it knows', () => {
    expect(toListParams(parse('')).sortBy).toBe('completion_Date:asc,due_Date:asc')
    expect(toListParams(parse('sort=completed:desc,completion_Date:desc')).sortBy).toBe(
      'completion_Date:desc',
    )
  })

  it('identifies which events are shown, not the page, size, sort or columns', () => {
    const plain = matchIdentity(parse(''))
    for (const other of ['cols=subject', 'page=2', 'size=100', 'sort=subject:desc'])
      expect(matchIdentity(parse(other))).toBe(plain)
    expect(matchIdentity(parse('status=Open'))).not.toBe(plain)
    expect(matchIdentity(parse(''), 'claim')).not.toBe(plain)
  })
})

describe('orderColumns', () => {
  it('orders, de-duplicates, drops unknown fields and always includes the subject', () => {
    expect(orderColumns(['reminder', 'status', 'status', 'x'])).toEqual([
      'subject',
      'status',
      'reminder',
    ])
  })
})

describe('toggleSort', () => {
  const sort = [{ field: 'due_Date', direction: 'desc' as const }]
  it('sorts by a new column alone, ascending first, then reverses it', () => {
    const once = toggleSort(sort, 'subject', false)
    expect(once).toEqual([{ field: 'subject', direction: 'asc' }])
    expect(toggleSort(once, 'subject', false)).toEqual([{ field: 'subject', direction: 'desc' }])
  })

  it('adds a later key with Shift, and flips one already there in place', () => {
    const two = toggleSort(sort, 'subject', true)
    expect(two).toEqual([...sort, { field: 'subject', direction: 'asc' }])
    expect(toggleSort(two, 'due_Date', true)).toEqual([
      { field: 'due_Date', direction: 'asc' },
      { field: 'subject', direction: 'asc' },
    ])
  })
})
