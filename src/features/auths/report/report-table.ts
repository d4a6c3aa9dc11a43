import type { CmsReportAnswer } from '@/api/register'
import { csvField } from '@/lib/csv'

/*
 * The CMS report as rows of text: what the page's table shows and what its CSV holds, made once
 * so the two cannot differ.
 */

type Figures = CmsReportAnswer['standard']
type Metric = Figures['approved']

const one = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })

/** "62.5% (5 of 8)"; "none decided" without a denominator. */
export function metricText(m: Metric): string {
  if (m.denominator === 0) return 'none decided'
  return `${one.format((m.numerator / m.denominator) * 100)}% (${m.numerator} of ${m.denominator})`
}

const hours = (h: number | null, timed: number) =>
  h === null ? 'no decision timed' : `${one.format(h)} hours (${timed} timed)`

/** The table's rows: a metric, then its standard and expedited figures. */
export function reportRows(report: CmsReportAnswer): [string, string, string][] {
  const { standard: s, expedited: e } = report
  return [
    ['Requests decided', String(s.requests), String(e.requests)],
    ['Approved (in whole or part)', metricText(s.approved), metricText(e.approved)],
    ['Denied', metricText(s.denied), metricText(e.denied)],
    ['Approved after appeal', metricText(s.approvedAfterAppeal), metricText(e.approvedAfterAppeal)],
    [
      'Approved after an extended review',
      metricText(s.approvedAfterExtension),
      metricText(e.approvedAfterExtension),
    ],
    [
      'Average time from request to decision',
      hours(s.averageHours, s.timed),
      hours(e.averageHours, e.timed),
    ],
    [
      'Median time from request to decision',
      hours(s.medianHours, s.timed),
      hours(e.medianHours, e.timed),
    ],
  ]
}

/** What was left out, and why, in words. */
export function leftOutLines(report: CmsReportAnswer): string[] {
  const l = report.leftOut
  const lines: string[] = []
  if (l.notObserved)
    lines.push(
      `${l.notObserved} decided where the console could not see it (met already decided): when is not known, so neither is the period.`,
    )
  if (l.closedWithoutDecision)
    lines.push(`${l.closedWithoutDecision} closed without an approval or denial.`)
  if (l.drugs)
    lines.push(
      `${l.drugs} for drugs (service types ${report.drugServiceTypes.join(', ')}), which the CMS metrics exclude.`,
    )
  if (l.noReceivedDate)
    lines.push(
      `${l.noReceivedDate} without a date received: counted in the shares, not in the times.`,
    )
  return lines
}

/** The report as CSV: the table's header and rows, exactly as shown. */
export function reportToCsv(report: CmsReportAnswer): string {
  const line = (values: readonly string[]) => values.map(csvField).join(',')
  return [line(['Metric', 'Standard', 'Expedited']), ...reportRows(report).map(line)].join('\r\n')
}
