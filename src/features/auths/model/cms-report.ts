import { approves, type Outcome } from './decision-outcome'

/*
 * The prior-authorization metrics CMS-0057-F asks an impacted payer to post each year, for the
 * requests of a year (or a month), standard and expedited apart: the share approved, denied,
 * approved after appeal and approved after an extended review, and the average and median time
 * from request to decision. Computed from the decisions the console server recorded: a request
 * counts in the period its first decision was made; one decided where the server could not see it
 * (met already decided) has no known decision time and is left out, as are requests closed
 * without a decision and, when configured, drugs (by service type). Plain: the server and tests
 * compute with it alike.
 */

/** One request's decision, as the register recorded it. */
export interface DecisionRecord {
  authNumber: string
  /** Expedited (urgent) or standard. */
  urgent: boolean
  serviceType: string | null
  /** When the request was received (ms), if the auth says. */
  receivedMs: number | null
  /** When its decision was due (ms), if it had a clock. */
  dueMs: number | null
  /** Its first decision. */
  outcome: Outcome
  /** When that decision was made (ms); null when the server did not see it made. */
  decidedMs: number | null
  /** Its review was extended before the decision. */
  extended: boolean
  /** Denied first, approved later (on appeal). */
  approvedAfterAppeal: boolean
}

export interface ReportPeriod {
  year: number
  /** 1–12; absent for the whole year. */
  month?: number | undefined
}

export interface Metric {
  numerator: number
  denominator: number
}

export interface PriorityFigures {
  /** Requests decided in the period. */
  requests: number
  approved: Metric
  denied: Metric
  approvedAfterAppeal: Metric
  approvedAfterExtension: Metric
  /** Hours from request to decision, over the requests whose receipt is known. */
  averageHours: number | null
  medianHours: number | null
  timed: number
}

export interface LeftOut {
  /** Decided where the server did not see it: when is unknown, so is the period. */
  notObserved: number
  /** Closed without an approval or denial, in the period. */
  closedWithoutDecision: number
  /** Drugs (their service types excluded by configuration), in the period. */
  drugs: number
  /** In the figures, but not in the times: no date received. */
  noReceivedDate: number
}

export interface MonthFigures {
  month: number
  decisions: number
  /** Decisions made by their due time (of those with a clock). */
  onTime: number
  withClock: number
}

export interface CmsReport {
  period: ReportPeriod
  standard: PriorityFigures
  expedited: PriorityFigures
  leftOut: LeftOut
  /** The period's year, month by month. */
  months: MonthFigures[]
}

const HOUR = 3_600_000

/** The local year and month (1–12) of an instant. */
function yearMonth(ms: number) {
  const d = new Date(ms)
  return { year: d.getFullYear(), month: d.getMonth() + 1 }
}

/** The median of numbers (the mean of the middle two when even); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function figures(rows: readonly DecisionRecord[]): PriorityFigures {
  const n = rows.length
  const count = (test: (r: DecisionRecord) => boolean) => ({
    numerator: rows.filter(test).length,
    denominator: n,
  })
  const hours = rows
    .filter((r) => r.receivedMs !== null)
    .map((r) => (r.decidedMs! - r.receivedMs!) / HOUR)
  return {
    requests: n,
    approved: count((r) => approves(r.outcome)),
    denied: count((r) => r.outcome === 'denied'),
    approvedAfterAppeal: count((r) => r.approvedAfterAppeal),
    approvedAfterExtension: count((r) => approves(r.outcome) && r.extended),
    averageHours: hours.length ? hours.reduce((a, b) => a + b, 0) / hours.length : null,
    medianHours: median(hours),
    timed: hours.length,
  }
}

/** The report for `period`, leaving out the service types in `drugTypes` (case ignored). */
export function cmsReport(
  records: readonly DecisionRecord[],
  period: ReportPeriod,
  drugTypes: readonly string[] = [],
): CmsReport {
  const drugs = new Set(drugTypes.map((t) => t.trim().toLowerCase()))
  const isDrug = (r: DecisionRecord) => drugs.has((r.serviceType ?? '').trim().toLowerCase())
  const leftOut: LeftOut = { notObserved: 0, closedWithoutDecision: 0, drugs: 0, noReceivedDate: 0 }
  const inYear: DecisionRecord[] = []
  for (const r of records) {
    if (r.decidedMs === null) {
      leftOut.notObserved++
      continue
    }
    const at = yearMonth(r.decidedMs)
    if (at.year !== period.year) continue
    const inPeriod = period.month === undefined || at.month === period.month
    if (isDrug(r)) {
      if (inPeriod) leftOut.drugs++
      continue
    }
    if (r.outcome === 'closed') {
      if (inPeriod) leftOut.closedWithoutDecision++
      continue
    }
    inYear.push(r)
  }
  const inPeriod = inYear.filter(
    (r) => period.month === undefined || yearMonth(r.decidedMs!).month === period.month,
  )
  leftOut.noReceivedDate = inPeriod.filter((r) => r.receivedMs === null).length
  const months: MonthFigures[] = Array.from({ length: 12 }, (_, i) => {
    const rows = inYear.filter((r) => yearMonth(r.decidedMs!).month === i + 1)
    const clocked = rows.filter((r) => r.dueMs !== null)
    return {
      month: i + 1,
      decisions: rows.length,
      onTime: clocked.filter((r) => r.decidedMs! <= r.dueMs!).length,
      withClock: clocked.length,
    }
  })
  return {
    period,
    standard: figures(inPeriod.filter((r) => !r.urgent)),
    expedited: figures(inPeriod.filter((r) => r.urgent)),
    leftOut,
    months,
  }
}
