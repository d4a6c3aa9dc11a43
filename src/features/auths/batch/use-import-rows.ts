import { useCallback, useMemo, useState } from 'react'
import { checkImportRow, type ImportRow, type ParsedImport, type RowCheck } from './import-rows'
import { isResultOk, type RowResult } from './import-send'

export interface RowState {
  row: ImportRow
  check: RowCheck
  result?: RowResult
}

export type RowStatus = 'invalid' | 'ready' | 'saved' | 'failed'

export const statusOf = (state: RowState): RowStatus =>
  state.result
    ? isResultOk(state.result)
      ? 'saved'
      : 'failed'
    : state.check.ok
      ? 'ready'
      : 'invalid'

const toState = (row: ImportRow): RowState => ({ row, check: checkImportRow(row) })

/** The rows of an import: checked on load and after every fix, with the service's results. */
export function useImportRows() {
  const [imported, setImported] = useState<{ parsed: ParsedImport; rows: RowState[] } | null>(null)

  const load = useCallback(
    (parsed: ParsedImport) => setImported({ parsed, rows: parsed.rows.map(toState) }),
    [],
  )
  const clear = useCallback(() => setImported(null), [])
  const fixRow = useCallback((index: number, values: Record<string, unknown>) => {
    setImported(
      (current) =>
        current && {
          ...current,
          // The fixed row is checked afresh; its old result no longer applies.
          rows: current.rows.map((s) =>
            s.row.index === index
              ? toState({ index, line: s.row.line, format: s.row.format, values })
              : s,
          ),
        },
    )
  }, [])
  const removeRow = useCallback((index: number) => {
    setImported(
      (current) =>
        current && { ...current, rows: current.rows.filter((s) => s.row.index !== index) },
    )
  }, [])
  const applyResults = useCallback((results: Map<number, RowResult>) => {
    setImported(
      (current) =>
        current && {
          ...current,
          rows: current.rows.map((s) => {
            const result = results.get(s.row.index)
            return result ? { ...s, result } : s
          }),
        },
    )
  }, [])

  const counts = useMemo(() => {
    const c = { invalid: 0, ready: 0, saved: 0, failed: 0 }
    for (const s of imported?.rows ?? []) c[statusOf(s)]++
    return c
  }, [imported])

  return { imported, counts, load, clear, fixRow, removeRow, applyResults }
}
