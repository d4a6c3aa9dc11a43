import { describe, expect, it } from 'vitest'
import { emptySelection, selectAll, selectedOnPage, toggleRow } from './row-selection'

const order = [10, 11, 12, 13, 14]

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
    const all = selectAll(order, true)
    const anchored = toggleRow(all, order, 10, false)
    expect(selectedOnPage(toggleRow(anchored, order, 12, true), order)).toEqual([13, 14])
  })

  it('treats Shift without an anchor as a single tick', () => {
    expect(selectedOnPage(toggleRow(emptySelection, order, 13, true), order)).toEqual([13])
  })

  it('counts only rows still on the page', () => {
    const selection = { ids: new Set([10, 99]), anchor: null }
    expect(selectedOnPage(selection, order)).toEqual([10])
  })
})
