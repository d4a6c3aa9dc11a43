/**
 * The list's selection: which event IDs are ticked, on any page. It holds IDs, never row
 * positions or events, so it survives paging, sorting and a change of page size, and "select
 * all matching" can hold every match of a filter (numbers only) without the events themselves.
 */
export interface RowSelection {
  ids: ReadonlySet<number>
  /** The row last ticked or unticked by itself: Shift extends from here (on the same page). */
  anchor: number | null
  /**
   * Set by "select all matching": how many events matched then. The selection is still "all
   * matching" while it holds exactly that many (unticking one makes it a plain selection).
   */
  matched: number | null
}

export const emptySelection: RowSelection = { ids: new Set(), anchor: null, matched: null }

/**
 * Ticks or unticks one row. With `range`, every row between the anchor and this one (in page
 * order) takes this row's new state, as in a file manager. Rows of other pages stay as they are.
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
  return { ids, anchor: id, matched: selection.matched }
}

/** Ticks every row of the page, or unticks them; rows of other pages stay as they are. */
export function selectPage(
  selection: RowSelection,
  order: readonly number[],
  checked: boolean,
): RowSelection {
  const ids = new Set(selection.ids)
  for (const id of order) {
    if (checked) ids.add(id)
    else ids.delete(id)
  }
  return { ids, anchor: null, matched: selection.matched }
}

/** Every event matching the filter (the IDs the index gave for it). */
export const selectMatching = (matching: readonly number[]): RowSelection => ({
  ids: new Set(matching),
  anchor: null,
  matched: matching.length,
})

/** Exactly these IDs (e.g. the ones a bulk change could not change). */
export const selectOnly = (ids: Iterable<number>): RowSelection => ({
  ids: new Set(ids),
  anchor: null,
  matched: null,
})

/** What the selection is, seen from one page: what the bar and the header checkbox say. */
export function describeSelection(selection: RowSelection, order: readonly number[]) {
  let onPage = 0
  for (const id of order) if (selection.ids.has(id)) onPage++
  const count = selection.ids.size
  return {
    count,
    onPage,
    allOnPage: order.length > 0 && onPage === order.length,
    someOnPage: onPage > 0,
    allMatching: selection.matched !== null && count === selection.matched && count > 0,
  }
}

/** The selected IDs that are on the page, in page order. */
export const selectedOnPage = (selection: RowSelection, order: readonly number[]) =>
  order.filter((id) => selection.ids.has(id))
