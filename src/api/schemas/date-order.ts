import type { AuthKey } from './auth-fields'
import { parseServiceDate } from './common'

/*
 * The one rule for date ranges, kept by every form, import, calendar move and the service: an end
 * is never before its start. Pairs name `[start, end]` fields of a record.
 */

/** An event's ranges: its end, and its due date, are not before its start. */
export const EVENT_DATE_ORDER = [
  ['start_Date', 'end_Date'],
  ['start_Date', 'due_Date'],
] as const

/** An auth's ranges: requested, approved, denied and actual each end on or after their start. */
export const AUTH_DATE_ORDER = [
  ['requested_From', 'requested_Thru'],
  ['approved_From', 'approved_Thru'],
  ['denied_From', 'denied_Thru'],
  ['actual_From', 'actual_Thru'],
] as const satisfies readonly (readonly [AuthKey, AuthKey])[]

/**
 * `{ endField: message }` for each pair whose end is before its start (both real dates); empty
 * when every range holds. `label` names the start field in the message.
 */
export function dateOrderProblems(
  record: Readonly<Record<string, unknown>>,
  pairs: readonly (readonly [string, string])[],
  label: (field: string) => string = (field) => field,
): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const [from, to] of pairs) {
    const start = typeof record[from] === 'string' ? parseServiceDate(record[from]) : null
    const end = typeof record[to] === 'string' ? parseServiceDate(record[to]) : null
    if (start && end && end.getTime() < start.getTime())
      problems[to] ??= `Must not be before ${label(from)}`
  }
  return problems
}
