import { describe, expect, it } from 'vitest'
import { cmsReport, median, type DecisionRecord } from './cms-report'
import { outcomeOf, reviewExtended } from './decision-outcome'

const HOUR = 3_600_000
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime()
const record = (over: Partial<DecisionRecord>): DecisionRecord => ({
  authNumber: 'x',
  urgent: false,
  serviceType: null,
  receivedMs: at(2027, 3, 1),
  dueMs: at(2027, 3, 8),
  outcome: 'approved',
  decidedMs: at(2027, 3, 2),
  extended: false,
  approvedAfterAppeal: false,
  ...over,
})

describe('the CMS-0057-F report', () => {
  it('takes the median as the middle value, or the mean of the middle two', () => {
    expect(median([])).toBeNull()
    expect(median([5])).toBe(5)
    expect(median([9, 1, 5])).toBe(5)
    expect(median([8, 2, 4, 6])).toBe(5)
  })

  it('counts each request in the month of its first decision, standard and expedited apart', () => {
    const records = [
      record({ authNumber: 'a', decidedMs: at(2027, 3, 31, 23) }),
      record({ authNumber: 'b', decidedMs: at(2027, 4, 1, 0), outcome: 'denied' }),
      record({ authNumber: 'c', urgent: true, outcome: 'partial', extended: true }),
      record({ authNumber: 'd', urgent: true, outcome: 'denied', approvedAfterAppeal: true }),
      record({ authNumber: 'e', decidedMs: null }),
      record({ authNumber: 'f', outcome: 'closed' }),
      record({ authNumber: 'g', serviceType: ' Pharmacy ' }),
      record({ authNumber: 'h', receivedMs: null }),
      record({ authNumber: 'i', decidedMs: at(2026, 3, 2) }),
    ]
    const march = cmsReport(records, { year: 2027, month: 3 }, ['pharmacy'])
    expect(march.standard.requests).toBe(2)
    expect(march.standard.approved).toEqual({ numerator: 2, denominator: 2 })
    expect(march.standard.timed).toBe(1)
    expect(march.standard.averageHours).toBe((at(2027, 3, 31, 23) - at(2027, 3, 1)) / HOUR)
    expect(march.expedited.requests).toBe(2)
    expect(march.expedited.approved).toEqual({ numerator: 1, denominator: 2 })
    expect(march.expedited.denied).toEqual({ numerator: 1, denominator: 2 })
    expect(march.expedited.approvedAfterAppeal).toEqual({ numerator: 1, denominator: 2 })
    expect(march.expedited.approvedAfterExtension).toEqual({ numerator: 1, denominator: 2 })
    expect(march.expedited.medianHours).toBe(24)
    expect(march.leftOut).toEqual({
      notObserved: 1,
      closedWithoutDecision: 1,
      drugs: 1,
      noReceivedDate: 1,
    })
    const year = cmsReport(records, { year: 2027 }, ['pharmacy'])
    expect(year.standard.requests).toBe(3)
    expect(year.standard.denied).toEqual({ numerator: 1, denominator: 3 })
    expect(year.months[2]).toEqual({ month: 3, decisions: 4, onTime: 3, withClock: 4 })
    expect(year.months[3]).toEqual({ month: 4, decisions: 1, onTime: 0, withClock: 1 })
    expect(cmsReport(records, { year: 2025 }).standard.requests).toBe(0)
    expect(cmsReport(records, { year: 2025 }).standard.averageHours).toBeNull()
  })

  it('reads an outcome from the code or status, partial when something was denied', () => {
    const base = { closed: false, status: null, auth_Code: null }
    expect(outcomeOf({ ...base, auth_Code: 'A' })).toBe('approved')
    expect(outcomeOf({ ...base, auth_Code: 'A', units_Denied: 2 })).toBe('partial')
    expect(outcomeOf({ ...base, status: 'Approved', amount_Denied: 10 })).toBe('partial')
    expect(outcomeOf({ ...base, auth_Code: 'D' })).toBe('denied')
    expect(outcomeOf({ ...base, auth_Code: 'C' })).toBe('closed')
    expect(outcomeOf({ ...base, closed: true })).toBe('closed')
    expect(outcomeOf({ ...base, auth_Code: 'P' })).toBeNull()
    expect(outcomeOf(base)).toBeNull()
  })

  it('finds an extended review only on its own narrative line', () => {
    expect(reviewExtended('[2027-03-01 10:00 support] Review extended: waiting for notes')).toBe(
      true,
    )
    expect(reviewExtended('x\n  [2027-03-01 10:00 sam] Review extended: records asked  ')).toBe(
      true,
    )
    expect(reviewExtended('Review extended: no stamp')).toBe(false)
    expect(reviewExtended('[2027-03-01 10:00 sam] Review extended: ')).toBe(false)
    expect(reviewExtended(null)).toBe(false)
  })
})
