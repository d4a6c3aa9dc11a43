import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  integerOptionListSchema,
  stringOptionListSchema,
} from '../../src/api/schemas/static-option'
import { startTestSandbox, type TestSandbox } from '../testing'

let sb: TestSandbox
let token: string

beforeAll(async () => {
  sb = await startTestSandbox({ events: 20 })
  token = (await sb.signIn('support')).idToken
})
afterAll(() => sb.close())

const get = (path: string, database = 'demo') => sb.call('GET', path, { token, database })

const stringLists = ['/snoozes', '/priorities', '/claim-invoice-statuses', '/report-args']
const integerLists = [
  '/schedule-intervals',
  '/schedule-interval-options',
  '/schedule-interval-end-options',
  '/days-of-week',
  '/months-of-year',
  '/event-actions',
  '/schedule-actions',
  '/durations',
]

describe('lookup lists', () => {
  it.each(stringLists)('%s answers options with string keys', async (path) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    const options = stringOptionListSchema.parse(res.data)
    expect(options.length).toBeGreaterThan(2)
    expect(new Set(options.map((o) => o.option_Key)).size).toBe(options.length)
    for (const o of options) {
      expect(Object.keys(o).sort()).toEqual(['description', 'display', 'option_Key'])
      expect(o.display).toBeTruthy()
    }
    expect(integerOptionListSchema.safeParse(res.data).success).toBe(false)
  })

  it.each(integerLists)('%s answers options with integer keys', async (path) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    const options = integerOptionListSchema.parse(res.data)
    expect(options.length).toBeGreaterThan(2)
    expect(new Set(options.map((o) => o.option_Key)).size).toBe(options.length)
    for (const o of options) expect(o.display).toBeTruthy()
    expect(stringOptionListSchema.safeParse(res.data).success).toBe(false)
  })

  it('lists the ten snooze durations, shortest first, including the default', async () => {
    const options = stringOptionListSchema.parse((await get('/snoozes')).data)
    expect(options.map((o) => o.option_Key)).toEqual([
      'SNOOZE_5_MIN',
      'SNOOZE_10_MIN',
      'SNOOZE_15_MIN',
      'SNOOZE_30_MIN',
      'SNOOZE_1_HOUR',
      'SNOOZE_2_HOURS',
      'SNOOZE_4_HOURS',
      'SNOOZE_1_DAY',
      'SNOOZE_2_DAYS',
      'SNOOZE_1_WEEK',
    ])
    expect(options[2]?.display).toBe('15 minutes')
  })

  it('lists priorities lowest first', async () => {
    const options = stringOptionListSchema.parse((await get('/priorities')).data)
    expect(options.map((o) => o.option_Key)).toEqual(['LOW', 'NORMAL', 'HIGH', 'URGENT'])
  })

  it('numbers the days of the week from Monday and the months from January', async () => {
    const days = integerOptionListSchema.parse((await get('/days-of-week')).data)
    expect(days.map((o) => o.option_Key)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(days[0]?.display).toBe('Monday')
    expect(days[6]?.display).toBe('Sunday')
    const months = integerOptionListSchema.parse((await get('/months-of-year')).data)
    expect(months.map((o) => o.option_Key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(months[11]?.display).toBe('December')
  })

  it('names the schedule intervals and end options the recurrence rules use', async () => {
    const intervals = integerOptionListSchema.parse((await get('/schedule-intervals')).data)
    expect(intervals.map((o) => [o.option_Key, o.display])).toEqual([
      [1, 'Daily'],
      [2, 'Weekly'],
      [3, 'Monthly'],
      [4, 'Yearly'],
    ])
    const ends = integerOptionListSchema.parse((await get('/schedule-interval-end-options')).data)
    expect(ends.map((o) => [o.option_Key, o.display])).toEqual([
      [1, 'No end date'],
      [2, 'End after N occurrences'],
      [3, 'End by date'],
    ])
  })

  it('serves the same lists from every database', async () => {
    const demo = await get('/report-args', 'demo')
    // Tokens are bound to their database: training needs its own sign-in.
    expect((await get('/report-args', 'training')).status).toBe(401)
    const trainingToken = (await sb.signIn('support', undefined, 'training')).idToken
    const training = await sb.call('GET', '/report-args', {
      token: trainingToken,
      database: 'training',
    })
    expect(training.status).toBe(200)
    expect(training.data).toEqual(demo.data)
  })

  it('needs a signed-in caller and a known database', async () => {
    expect((await sb.call('GET', '/priorities', {})).status).toBe(401)
    expect((await get('/priorities', 'elsewhere')).status).toBe(404)
  })
})
