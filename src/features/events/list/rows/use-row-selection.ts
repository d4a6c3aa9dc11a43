import { useCallback, useMemo, useState } from 'react'
import type { Event } from '@/api/schemas/event'
import {
  emptySelection,
  selectAll,
  selectedOnPage,
  toggleRow,
  type RowSelection,
} from './row-selection'

type PageSelection = RowSelection & { pageKey: string }

/**
 * The ticked rows of the page identified by `pageKey` (page, size and sort). Another page starts
 * with nothing ticked; a ticked event that left the page (e.g. re-sorted after an edit) no longer
 * counts. The handlers keep their identity while the page's rows do, so rows can be memoized.
 */
export function useRowSelection(pageKey: string, rows: readonly Event[]) {
  const [state, setState] = useState<PageSelection>({ ...emptySelection, pageKey })
  const selection = state.pageKey === pageKey ? state : emptySelection
  const order = useMemo(() => rows.map((r) => r.event_ID), [rows])
  const selectedIds = useMemo(() => selectedOnPage(selection, order), [selection, order])
  const selectedEvents = useMemo(() => {
    const ids = new Set(selectedIds)
    return rows.filter((r) => ids.has(r.event_ID))
  }, [rows, selectedIds])

  const change = useCallback(
    (fn: (current: RowSelection) => RowSelection) =>
      setState((prev) => ({ ...fn(prev.pageKey === pageKey ? prev : emptySelection), pageKey })),
    [pageKey],
  )
  const toggle = useCallback(
    (id: number, range: boolean) => change((s) => toggleRow(s, order, id, range)),
    [change, order],
  )
  const setAll = useCallback(
    (checked: boolean) => change(() => selectAll(order, checked)),
    [change, order],
  )
  /** Exactly these rows ticked (e.g. the ones a batch could not change). */
  const replace = useCallback(
    (ids: readonly number[]) => change(() => ({ ids: new Set(ids), anchor: null })),
    [change],
  )

  return {
    selectedIds,
    selectedEvents,
    isSelected: (id: number) => selection.ids.has(id),
    allSelected: order.length > 0 && selectedIds.length === order.length,
    someSelected: selectedIds.length > 0,
    toggle,
    setAll,
    replace,
    clear: () => replace([]),
  }
}
