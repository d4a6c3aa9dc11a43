import { describe, expect, it } from 'vitest'
import { calendarSearchParams, parseCalendarSearch, type CalendarSearch } from './calendar-search'

const defaults = { me: 'admin', today: new Date(2026, 10, 21) }
const parse = (query: string) => parseCalendarSearch(new URLSearchParams(query), defaults)

describe('parseCalendarSearch', () => {
  it('defaults to this month, placed by dates, my events, completed shown', () => {
    expect(parse('')).toEqual<CalendarSearch>({
      view: 'month',
      date: new Date(2026, 10, 21),
      place: 'dates',
      user: 'admin',
      group: null,
      priority: null,
      status: null,
      showCompleted: true,
    })
  })

  it('reads every parameter', () => {
    expect(
      parse(
        'view=week&date=2026-02-03&place=reminder&user=staff&group=4&priority=HIGH&status=Open&completed=hide',
      ),
    ).toEqual<CalendarSearch>({
      view: 'week',
      date: new Date(2026, 1, 3),
      place: 'reminder',
      user: 'staff',
      group: 4,
      priority: 'HIGH',
      status: 'Open',
      showCompleted: false,
    })
  })

  it('reads user=* as anyone', () => {
    expect(parse('user=*').user).toBeNull()
  })

  it('falls back on each invalid value, keeping the valid ones', () => {
    const search = parse(
      'view=year&date=2026-02-30&place=moon&group=-1&priority=&status=%20%20&completed=maybe&user=',
    )
    expect(search).toMatchObject({
      view: 'month',
      date: defaults.today,
      place: 'dates',
      group: null,
      priority: null,
      status: null,
      showCompleted: true,
      user: 'admin',
    })
    expect(parse('group=abc').group).toBeNull()
    expect(parse('group=99999999999').group).toBeNull()
    expect(parse('date=26-1-1').date).toEqual(defaults.today)
    expect(parse('view=agenda&date=2024-02-29').date).toEqual(new Date(2024, 1, 29))
  })
})

describe('calendarSearchParams', () => {
  it('leaves the defaults out', () => {
    expect(calendarSearchParams(parse(''), defaults).toString()).toBe('')
  })

  it('round-trips every non-default value', () => {
    const query =
      'view=day&date=2027-01-05&place=reminder&user=*&group=2&priority=URGENT&status=Waiting&completed=hide'
    const params = calendarSearchParams(parse(query), defaults)
    expect(parse(params.toString())).toEqual(parse(query))
    expect(params.get('user')).toBe('*')
    expect(params.get('date')).toBe('2027-01-05')
  })

  it('keeps another user by ID', () => {
    expect(calendarSearchParams(parse('user=dchen'), defaults).get('user')).toBe('dchen')
  })
})
