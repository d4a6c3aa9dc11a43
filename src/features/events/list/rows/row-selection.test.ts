import { describe, expect, it } from 'vitest'
import {
  describeSelection,
  emptySelection,
  selectedOnPage,
  selectMatching,
  selectOnly,
  selectPage,
  toggleRow,
} from './row-selection'

const order = [10, 11, 12, 13, 14]
const nextPage = [20, 21, 22]

describe('row selection', () => {
  it('ticks and unticks one row', () => {
    const one = toggleRow(emptySelection, order, 12, false)
    expect([...one.ids]).toEqual([12])
    expect(toggleRow(one, order, 12, false).ids.size).toBe(0)
  })

  it('extends a range from the anchor with Shift, in either direction', () => {
    const start = toggleRow(emptySelection, order, 11, false)
    expect(selectedOnPage(toggleRow(start, order, 13, true), order)).toEqual([11, 12, 13])
    const back = toggleRow(toggleRow(emptySelection, order, 14, false), order, 12, true)
    expect(selectedOnPage(back, order)).toEqual([12, 13, 14])
  })

  it('unticks a range when the clicked row was ticked', () => {
    const all = selectPage(emptySelection, order, true)
    const anchored = toggleRow(all, order, 10, false)
    expect(selectedOnPage(toggleRow(anchored, order, 12, true), order)).toEqual([13, 14])
  })

  it('treats Shift without an anchor as a single tick', () => {
    expect(selectedOnPage(toggleRow(emptySelection, order, 13, true), order)).toEqual([13])
  })

  it('keeps IDs, not positions: ticks on one page stay through another page and a new order', () => {
    const onFirst = toggleRow(toggleRow(emptySelection, order, 10, false), order, 13, false)
    const onSecond = toggleRow(onFirst, nextPage, 21, false)
    expect([...onSecond.ids].sort()).toEqual([10, 13, 21])
    // Back on the first page, sorted the other way: the same events are ticked.
    expect(selectedOnPage(onSecond, [...order].reverse())).toEqual([13, 10])
    expect(describeSelection(onSecond, nextPage)).toMatchObject({
      count: 3,
      onPage: 1,
      allOnPage: false,
      someOnPage: true,
    })
  })

  it('ticks or unticks the whole page, leaving other pages alone', () => {
    const other = toggleRow(emptySelection, nextPage, 20, false)
    const page = selectPage(other, order, true)
    expect(describeSelection(page, order)).toMatchObject({ count: 6, onPage: 5, allOnPage: true })
    expect([...selectPage(page, order, false).ids]).toEqual([20])
  })

  it('selects every match, and is no longer "all matching" once one is unticked', () => {
    const matching = selectMatching([...order, ...nextPage, 30, 31])
    expect(describeSelection(matching, order)).toMatchObject({
      count: 10,
      onPage: 5,
      allOnPage: true,
      allMatching: true,
    })
    const less = toggleRow(matching, order, 12, false)
    expect(describeSelection(less, order)).toMatchObject({ count: 9, allMatching: false })
    // Ticking it again makes it all of them again.
    expect(describeSelection(toggleRow(less, order, 12, false), order).allMatching).toBe(true)
    expect(describeSelection(selectOnly([10]), order).allMatching).toBe(false)
    expect(describeSelection(selectMatching([]), order).allMatching).toBe(false)
  })

  it('counts only rows still on the page as on it', () => {
    const selection = selectOnly([10, 99])
    expect(selectedOnPage(selection, order)).toEqual([10])
    expect(describeSelection(selection, order)).toMatchObject({ count: 2, onPage: 1 })
  })
})
