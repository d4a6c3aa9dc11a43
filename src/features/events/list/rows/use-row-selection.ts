import { useCallback, useMemo, useState } from 'react'
import { useHandler } from '../../use-handler'
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
 * search starts with nothing ticked. The handlers keep their identity for the page's life, so
 * rows can be memoized.
 */
export function useRowSelection(key: string, rows: readonly Event[]) {
  const [state, setState] = useState<KeyedSelection>({ ...emptySelection, key })
  const selection = state.key === key ? state : emptySelection
  const order = useMemo(() => rows.map((r) => r.event_ID), [rows])
  const seen = useMemo(() => describeSelection(selection, order), [selection, order])

  const setFor = useCallback(
    (fn: (current: RowSelection) => RowSelection) =>
      setState((prev) => ({ ...fn(prev.key === key ? prev : emptySelection), key })),
    [key],
  )
  // What a click does keeps its identity across keys and pages (calling the latest key and
  // order): a keystroke in the search then redraws only the rows whose event or tick changed.
  const change = useHandler(setFor)
  const toggle = useHandler((id: number, range: boolean) =>
    change((s) => toggleRow(s, order, id, range)),
  )
  const setPage = useHandler((checked: boolean) => change((s) => selectPage(s, order, checked)))
  const clear = useHandler(() => change(() => emptySelection))
  // What answers later is bound to the key it was asked under: the IDs of every match of a filter
  // since left (or a bulk change's leftovers) must not tick events of the one shown now.
  /** Every match of the filter: the IDs the index gave. */
  const setMatching = useCallback(
    (ids: readonly number[]) => setFor(() => selectMatching(ids)),
    [setFor],
  )
  /** Exactly these events ticked (e.g. the ones a bulk change could not change). */
  const replace = useCallback((ids: readonly number[]) => setFor(() => selectOnly(ids)), [setFor])
  const { ids } = selection

  return {
    ...seen,
    ids,
    isSelected: useCallback((id: number) => ids.has(id), [ids]),
    toggle,
    setPage,
    setMatching,
    replace,
    clear,
  }
}
