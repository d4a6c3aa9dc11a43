/** Row selection of one page of the list: which event IDs are ticked, and where a range starts. */
export interface RowSelection {
  ids: ReadonlySet<number>
  /** The row last ticked or unticked by itself: Shift extends from here. */
  anchor: number | null
}

export const emptySelection: RowSelection = { ids: new Set(), anchor: null }

/**
 * Ticks or unticks one row. With `range`, every row between the anchor and this one (in page
 * order) takes this row's new state, as in a file manager.
 */
export function toggleRow(
  selection: RowSelection,
  order: readonly number[],
  id: number,
  range: boolean,
): RowSelection {
  const checked = !selection.ids.has(id)
  const ids = new Set(selection.ids)
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor)
  const to = order.indexOf(id)
  if (range && from >= 0 && to >= 0) {
    const [start, end] = from <= to ? [from, to] : [to, from]
    for (const rowId of order.slice(start, end + 1)) {
      if (checked) ids.add(rowId)
      else ids.delete(rowId)
    }
  } else if (checked) ids.add(id)
  else ids.delete(id)
  return { ids, anchor: id }
}

/** Ticks every row of the page, or none. */
export const selectAll = (order: readonly number[], checked: boolean): RowSelection => ({
  ids: new Set(checked ? order : []),
  anchor: null,
})

/** The selected IDs that are on the page, in page order. */
export const selectedOnPage = (selection: RowSelection, order: readonly number[]) =>
  order.filter((id) => selection.ids.has(id))
