import { describe, expect, it } from 'vitest'
import type { EventSchedule } from '@/api/schemas/event-schedule'
import { describeSchedule, joinWords, type ScheduleLookups } from './describe-schedule'

const opt = (option_Key: number, display: string) => ({ option_Key, display, description: null })

/** The lists as the sandbox seeds them (integer keys; `src/api/schemas/lookup-lists.ts`). */
const lookups: ScheduleLookups = {
  intervals: [opt(1, 'Daily'), opt(2, 'Weekly'), opt(3, 'Monthly'), opt(4, 'Yearly')],
  intervalOptions: [
    opt(1, 'Day of month'),
    opt(2, 'Last day of month'),
    opt(3, 'Weekday of month'),
  ],
  endOptions: [opt(1, 'No end date'), opt(2, 'End after N occurrences'), opt(3, 'End by date')],
  daysOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
    (d, i) => opt(i + 1, d),
  ),
  monthsOfYear: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ].map((m, i) => opt(i + 1, m)),
}
const none: ScheduleLookups = {
  intervals: [],
  intervalOptions: [],
  endOptions: [],
  daysOfWeek: [],
  monthsOfYear: [],
}

const schedule = (over: Partial<EventSchedule>): EventSchedule => ({
  schedule_ID: 1,
  event_ID: 7,
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
  play_Sound: false,
  regenerate_Event: false,
  start_Date: '2026-03-10T09:00:00', // a Tuesday, in the second week of March
  ...over,
})

describe('describeSchedule', () => {
  it('reads the example of the issue', () => {
    const s = schedule({
      schedule_Interval: 2,
      frequency_Factor: 2,
      monday: true,
      thursday: true,
      end_Option: 3,
      end_Date: '2026-06-30T00:00:00',
    })
    expect(describeSchedule(s, lookups)).toBe(
      'Every 2 weeks on Monday and Thursday, until 30 Jun 2026',
    )
  })

  it('describes daily and weekly rules, with the start weekday when no day is flagged', () => {
    expect(describeSchedule(schedule({ schedule_Interval: 1 }), lookups)).toBe('Every day')
    expect(describeSchedule(schedule({ schedule_Interval: 1, frequency_Factor: 3 }), lookups)).toBe(
      'Every 3 days',
    )
    expect(describeSchedule(schedule({ schedule_Interval: 2 }), lookups)).toBe(
      'Every week on Tuesday',
    )
    expect(
      describeSchedule(
        schedule({ schedule_Interval: 2, monday: true, wednesday: true, friday: true }),
        lookups,
      ),
    ).toBe('Every week on Monday, Wednesday and Friday')
  })

  it('describes each monthly option', () => {
    expect(describeSchedule(schedule({ schedule_Interval: 3, interval_Option: 1 }), lookups)).toBe(
      'Every month on day 10',
    )
    expect(
      describeSchedule(
        schedule({ schedule_Interval: 3, frequency_Factor: 3, interval_Option: 2 }),
        lookups,
      ),
    ).toBe('Every 3 months on the last day')
    expect(describeSchedule(schedule({ schedule_Interval: 3, interval_Option: 3 }), lookups)).toBe(
      'Every month on the second Tuesday',
    )
    expect(
      describeSchedule(
        schedule({ schedule_Interval: 3, interval_Option: 3, relative_Frequency: 5 }),
        lookups,
      ),
    ).toBe('Every month on the second Friday')
    expect(
      describeSchedule(
        schedule({ schedule_Interval: 3, interval_Option: 3, start_Date: '2026-03-30T09:00:00' }),
        lookups,
      ),
    ).toBe('Every month on the last Monday')
  })

  it('describes yearly rules with the month of the months list', () => {
    expect(describeSchedule(schedule({ schedule_Interval: 4, frequency: 7 }), lookups)).toBe(
      'Every year on 10 July',
    )
    expect(
      describeSchedule(
        schedule({ schedule_Interval: 4, interval_Option: 2, frequency: 2 }),
        lookups,
      ),
    ).toBe('Every year on the last day of February')
    expect(describeSchedule(schedule({ schedule_Interval: 4 }), lookups)).toBe(
      'Every year on 10 March',
    )
  })

  it('says how the schedule ends', () => {
    const weekly = { schedule_Interval: 2, tuesday: true }
    expect(describeSchedule(schedule({ ...weekly, end_Option: 1 }), lookups)).toBe(
      'Every week on Tuesday',
    )
    expect(
      describeSchedule(schedule({ ...weekly, end_Option: 2, total_Occurrences: 10 }), lookups),
    ).toBe('Every week on Tuesday, 10 times')
    expect(
      describeSchedule(schedule({ ...weekly, end_Option: 2, total_Occurrences: 1 }), lookups),
    ).toBe('Every week on Tuesday, once')
    // No end option: whichever of end date / count is set applies, as the service does.
    expect(
      describeSchedule(schedule({ ...weekly, end_Date: '2026-12-31T00:00:00' }), lookups),
    ).toBe('Every week on Tuesday, until 31 Dec 2026')
  })

  it('takes day and month names from the lookup lists', () => {
    const french: ScheduleLookups = {
      ...lookups,
      daysOfWeek: lookups.daysOfWeek.map((d) => ({ ...d, display: `J${d.option_Key}` })),
      monthsOfYear: lookups.monthsOfYear.map((m) => ({ ...m, display: `M${m.option_Key}` })),
    }
    expect(describeSchedule(schedule({ schedule_Interval: 2, monday: true }), french)).toBe(
      'Every week on J1',
    )
    expect(describeSchedule(schedule({ schedule_Interval: 4, frequency: 7 }), french)).toBe(
      'Every year on 10 M7',
    )
  })

  it('works without the lookup lists, and says so for an interval it cannot read', () => {
    expect(describeSchedule(schedule({ schedule_Interval: 2, thursday: true }), none)).toBe(
      'Every week on Thursday',
    )
    const hourly: ScheduleLookups = { ...lookups, intervals: [opt(9, 'Hourly')] }
    expect(describeSchedule(schedule({ schedule_Interval: 9 }), hourly)).toBe('Repeats hourly')
    expect(
      describeSchedule(schedule({ schedule_Interval: 9, description: 'Odd rule' }), none),
    ).toBe('Odd rule')
    expect(describeSchedule(schedule({ schedule_Interval: null }), none)).toBe(
      'Repeats on an interval this console does not know',
    )
  })
})

describe('joinWords', () => {
  it('joins with commas and a final "and"', () => {
    expect(joinWords([])).toBe('')
    expect(joinWords(['a'])).toBe('a')
    expect(joinWords(['a', 'b'])).toBe('a and b')
    expect(joinWords(['a', 'b', 'c'])).toBe('a, b and c')
  })
})
