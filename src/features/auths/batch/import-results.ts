import { csvField } from '@/lib/csv'
import { AUTH_NUMBER_PATTERN } from '@/api/schemas/auth-fields'
import { labelOf } from '../auth-fields'
import {
  cellText,
  MAX_RESULT_MESSAGE_BYTES,
  RESULT_COLUMNS,
  rowNumber,
  utf8Length,
  type ParsedImport,
} from './import-rows'
import { problemsOf, statusOf, type RowState } from './use-import-rows'

/** What became of a row, in the results file's words. */
export type Outcome =
  | 'created'
  | 'updated'
  | 'unchanged'
  | 'failed'
  | 'conflict'
  | 'not confirmed'
  | 'not sent'
  | 'problems'

/**
 * A row's outcome. Imported again, a results file leaves out what was saved, holds back what
 * needs a decision (a `conflict`: the auth changed meanwhile, never silently overwritten; `not
 * confirmed`: perhaps created already) and checks the rest afresh.
 */
export function outcomeOf(state: RowState): Outcome {
  switch (statusOf(state)) {
    case 'saved':
      return state.result?.status === 201 ? 'created' : 'updated'
    case 'failed':
      return state.result?.status === 409 ? 'conflict' : 'failed'
    case 'unconfirmed':
      return 'not confirmed'
    case 'held':
      return state.row.earlier?.outcome === 'created' ? 'not sent' : state.row.earlier!.outcome
    case 'invalid':
      return 'problems'
    case 'unchanged':
      return 'unchanged'
    default:
      return 'not sent'
  }
}

function messageOf(state: RowState, outcome: Outcome): string {
  if (state.result?.body) return state.result.body
  if (outcome === 'problems')
    return Object.entries(problemsOf(state))
      .map(([field, message]) => `${field === '(row)' ? 'Row' : labelOf(field)}: ${message}`)
      .join('; ')
  if (outcome === 'unchanged') return 'Nothing to change: the auth already holds these values.'
  return 'Not sent.'
}

/** The message as a cell: cut, with "…", to `MAX_RESULT_MESSAGE_BYTES` as written. */
function messageCell(message: string): string {
  // Written, it takes at least a byte a character.
  if (message.length <= MAX_RESULT_MESSAGE_BYTES) {
    const whole = csvField(message)
    if (utf8Length(whole) <= MAX_RESULT_MESSAGE_BYTES) return whole
  }
  let end = Math.min(message.length, MAX_RESULT_MESSAGE_BYTES)
  for (;;) {
    // Never half of a surrogate pair.
    if (end > 0 && (message.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--
    const field = csvField(`${message.slice(0, end).trimEnd()}…`)
    const over = utf8Length(field) - MAX_RESULT_MESSAGE_BYTES
    if (over <= 0) return field
    // A character takes 1 to 3 bytes written (a quote 2, each half of a surrogate pair 2).
    end -= Math.ceil(over / 3)
  }
}

/** The auth number a row's line names: the service's, else the row's, when it is one. */
function authNumberOf(state: RowState): string {
  const found = [state.result?.authNumber, rowNumber(state.row)].find(
    (n) => typeof n === 'string' && AUTH_NUMBER_PATTERN.test(n),
  )
  return found ?? ''
}

/**
 * The results file of an import: for every row, its number in the file, the auth number, the
 * outcome and the message, then the row's own columns as they came. Every cell by `csvField`:
 * what a spreadsheet would run as a formula gets a `'` in front and stays text, and `parseImport`
 * takes it off again. Imported again, it leaves out the rows saved and checks the others with
 * the values they had. It is never larger than `resultsFileBound` of the rows.
 */
export function resultsCsv(parsed: ParsedImport, rows: readonly RowState[]): string {
  const lines = [[...RESULT_COLUMNS, ...parsed.columns].map(csvField).join(',')]
  for (const state of rows) {
    const outcome = outcomeOf(state)
    lines.push(
      [
        csvField(String(state.row.index)),
        csvField(authNumberOf(state)),
        csvField(outcome),
        messageCell(messageOf(state, outcome)),
        ...parsed.columns.map((c) => csvField(cellText(state.row.values[c]))),
      ].join(','),
    )
  }
  // The last line ends with CRLF too. One join: a flat string, quick to read again.
  lines.push('')
  return lines.join('\r\n')
}

/** `bulk.csv` → `bulk-results.csv` (a results file imported again keeps its name). */
export function resultsFileName(fileName: string | undefined) {
  const base = (fileName ?? 'import').replace(/\.[^.]*$/, '').replace(/-results$/, '')
  return `${base || 'import'}-results.csv`
}
