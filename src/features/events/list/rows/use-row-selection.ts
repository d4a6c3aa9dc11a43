import { useCallback, useMemo, useState } from 'react'
import type { Event } from '@/api/schemas/event'
import {
  describeSelection,
  emptySelection,
  selectMatching,
  selectOnly,
  selectPage,
  toggleRow,
  type RowSelection,
} from './row-selection'

type KeyedSelection = RowSelection & { key: string }

/**
 * The ticked events of the list while it shows the events identified by `key` (its filters and
 * search, not its page, size or sort): paging and sorting keep the selection, another filter or
 * search starts with nothing ticked. The handlers keep their identity while the page's rows do,
 * so rows can be memoized.
 */
export function useRowSelection(key: string, rows: readonly Event[]) {
  const [state, setState] = useState<KeyedSelection>({ ...emptySelection, key })
  const selection = state.key === key ? state : emptySelection
  const order = useMemo(() => rows.map((r) => r.event_ID), [rows])
  const seen = useMemo(() => describeSelection(selection, order), [selection, order])

  const change = useCallback(
    (fn: (current: RowSelection) => RowSelection) =>
      setState((prev) => ({ ...fn(prev.key === key ? prev : emptySelection), key })),
    [key],
  )
  const toggle = useCallback(
    (id: number, range: boolean) => change((s) => toggleRow(s, order, id, range)),
    [change, order],
  )
  const setPage = useCallback(
    (checked: boolean) => change((s) => selectPage(s, order, checked)),
    [change, order],
  )
  /** Every match of the filter: the IDs the index gave. */
  const setMatching = useCallback(
    (ids: readonly number[]) => change(() => selectMatching(ids)),
    [change],
  )
  /** Exactly these events ticked (e.g. the ones a bulk change could not change). */
  const replace = useCallback((ids: readonly number[]) => change(() => selectOnly(ids)), [change])
  const { ids } = selection

  return {
    ...seen,
    ids,
    isSelected: useCallback((id: number) => ids.has(id), [ids]),
    toggle,
    setPage,
    setMatching,
    replace,
    clear: useCallback(() => change(() => emptySelection), [change]),
  }
}
