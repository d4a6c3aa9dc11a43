import { formatCsvLine } from '@/lib/csv'
import { labelOf } from '../auth-fields'
import { RESULT_COLUMNS, rowNumber, type ParsedImport } from './import-rows'
import { problemsOf, statusOf, type RowState } from './use-import-rows'

/** What became of a row, in the results file's words. */
export type Outcome = 'created' | 'updated' | 'unchanged' | 'failed' | 'not sent' | 'problems'

export function outcomeOf(state: RowState): Outcome {
  switch (statusOf(state)) {
    case 'saved':
      return state.result?.status === 201 ? 'created' : 'updated'
    case 'failed':
      return 'failed'
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

const cell = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)

/**
 * The results file of an import: for every row, its number in the file, the auth number, the
 * outcome and the message, then the row's own columns as they came. Imported again, it leaves
 * out the rows saved and checks the others (`parseImport`).
 */
export function resultsCsv(parsed: ParsedImport, rows: readonly RowState[]): string {
  const lines = [formatCsvLine([...RESULT_COLUMNS, ...parsed.columns])]
  for (const state of rows) {
    const outcome = outcomeOf(state)
    lines.push(
      formatCsvLine([
        String(state.row.index),
        state.result?.authNumber ?? rowNumber(state.row) ?? '',
        outcome,
        messageOf(state, outcome),
        ...parsed.columns.map((c) => cell(state.row.values[c])),
      ]),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}

/** `bulk.csv` → `bulk-results.csv` (a results file imported again keeps its name). */
export function resultsFileName(fileName: string | undefined) {
  const base = (fileName ?? 'import').replace(/\.[^.]*$/, '').replace(/-results$/, '')
  return `${base || 'import'}-results.csv`
}
