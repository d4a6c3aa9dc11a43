/**
 * The doctor's report: one line per check (PASS, WARN, FAIL or SKIP, what was expected, what came
 * back), details beneath it, and a summary; or the same as JSON. It holds field names, types,
 * counts, statuses and header names, never a field value of the service's data.
 */

export type Outcome = 'PASS' | 'WARN' | 'FAIL' | 'SKIP'

export interface Check {
  /**
   * Area of the check: `transport`, `sign-in`, `headers`, `cors`, `reads`, `paging`, `dates`,
   * `problems`, `console-server`, `write`, `redirects`.
   */
  group: string
  /** What was checked, e.g. `GET /events/{id}`. */
  name: string
  outcome: Outcome
  expected: string
  got: string
  /** Further lines: one per field that fails, unknown fields, hints. */
  details: string[]
}

export interface Report {
  url: string
  database: string
  startedAt: string
  checks: Check[]
}

export interface Summary {
  PASS: number
  WARN: number
  FAIL: number
  SKIP: number
  /** No FAIL: the console would work with this service (warnings allowed). */
  consoleWouldWork: boolean
}

export function summarize(report: Report): Summary {
  const count = (outcome: Outcome) => report.checks.filter((c) => c.outcome === outcome).length
  const summary = {
    PASS: count('PASS'),
    WARN: count('WARN'),
    FAIL: count('FAIL'),
    SKIP: count('SKIP'),
  }
  return { ...summary, consoleWouldWork: summary.FAIL === 0 }
}

/** 0 when the console would work (warnings allowed), 1 when some check failed. */
export const exitCodeOf = (report: Report) => (summarize(report).consoleWouldWork ? 0 : 1)

const MAX_DETAILS = 25

/** The report's lines (the `Printer` of `output.ts` prints them, made printable). */
export function formatText(report: Report): string[] {
  const lines = [
    `Benefits Admin Console doctor: ${report.url} (database ${report.database})`,
    `started ${report.startedAt}`,
    '',
  ]
  for (const check of report.checks) {
    const what = `${check.group}: ${check.name}`
    const body =
      check.outcome === 'SKIP'
        ? `skipped: ${check.got}`
        : `expected ${check.expected}; got ${check.got}`
    lines.push(`${check.outcome.padEnd(4)}  ${what} — ${body}`)
    for (const detail of check.details.slice(0, MAX_DETAILS)) lines.push(`        ${detail}`)
    if (check.details.length > MAX_DETAILS)
      lines.push(`        … and ${check.details.length - MAX_DETAILS} more`)
  }
  const s = summarize(report)
  lines.push(
    '',
    `Summary: ${s.PASS} PASS, ${s.WARN} WARN, ${s.FAIL} FAIL, ${s.SKIP} SKIP.`,
    s.consoleWouldWork
      ? s.WARN > 0
        ? 'The console would work with this service; the WARN lines are worth a look.'
        : 'The console would work with this service.'
      : 'The console would NOT work with this service: each FAIL line says what it needs.',
  )
  return lines
}

/** The report as JSON, by lines (JSON.stringify escapes a newline inside a string). */
export function formatJson(report: Report): string[] {
  return JSON.stringify({ ...report, summary: summarize(report) }, null, 2).split('\n')
}
