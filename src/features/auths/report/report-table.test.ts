import { describe, expect, it } from 'vitest'
import type { CmsReportAnswer } from '@/api/register'
import { parseCsv, readCsvField } from '@/lib/csv'
import { leftOutLines, metricText, reportRows, reportToCsv } from './report-table'

const figures = (n: number) => ({
  requests: n,
  approved: { numerator: 5, denominator: n },
  denied: { numerator: n - 5, denominator: n },
  approvedAfterAppeal: { numerator: 1, denominator: n },
  approvedAfterExtension: { numerator: 0, denominator: n },
  averageHours: n ? 40.25 : null,
  medianHours: n ? 36 : null,
  timed: n,
})
const report: CmsReportAnswer = {
  period: { year: 2027, month: 3 },
  standard: figures(8),
  expedited: figures(0),
  leftOut: { notObserved: 2, closedWithoutDecision: 0, drugs: 1, noReceivedDate: 0 },
  months: [],
  drugServiceTypes: ['Pharmacy, retail'],
}

describe('the CMS report table and its CSV', () => {
  it('says each share with its numerator and denominator', () => {
    expect(metricText({ numerator: 5, denominator: 8 })).toBe('62.5% (5 of 8)')
    expect(metricText({ numerator: 0, denominator: 0 })).toBe('none decided')
    expect(reportRows(report)[5]).toEqual([
      'Average time from request to decision',
      '40.3 hours (8 timed)',
      'no decision timed',
    ])
  })

  it('exports exactly the table: its header and every row, cell for cell', () => {
    const parsed = parseCsv(reportToCsv(report)).map((r) => r.values.map(readCsvField))
    expect(parsed).toEqual([['Metric', 'Standard', 'Expedited'], ...reportRows(report)])
  })

  it('says what was left out and why', () => {
    expect(leftOutLines(report)).toEqual([
      expect.stringMatching(/^2 decided where the console could not see it/),
      expect.stringMatching(/^1 for drugs \(service types Pharmacy, retail\)/),
    ])
  })
})
