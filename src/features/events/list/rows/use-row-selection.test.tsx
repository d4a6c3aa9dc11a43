import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { useRowSelection } from './use-row-selection'

const event = (id: number): Event => ({
  event_ID: id,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  subject: `Case ${id}`,
})
const page = (...ids: number[]) => ids.map(event)

describe('useRowSelection', () => {
  it('gives the rows the same handlers while the search and the page change', () => {
    const { result, rerender } = renderHook(({ key, rows }) => useRowSelection(key, rows), {
      initialProps: { key: 'a', rows: page(1, 2, 3) },
    })
    const { toggle, setPage, clear } = result.current
    rerender({ key: 'ab', rows: page(2, 3, 4) })
    expect(result.current.toggle).toBe(toggle)
    expect(result.current.setPage).toBe(setPage)
    expect(result.current.clear).toBe(clear)
  })

  it('ticks under the search shown now, in the order of the page shown now', () => {
    const { result, rerender } = renderHook(({ key, rows }) => useRowSelection(key, rows), {
      initialProps: { key: 'a', rows: page(1, 2, 3) },
    })
    const toggle = result.current.toggle
    act(() => toggle(1, false))
    expect(result.current.count).toBe(1)
    // Another search: nothing ticked, and the handler held from before ticks in the new page.
    rerender({ key: 'ab', rows: page(7, 8, 9) })
    expect(result.current.count).toBe(0)
    act(() => toggle(7, false))
    act(() => toggle(9, true))
    expect([...result.current.ids].sort()).toEqual([7, 8, 9])
    expect(result.current.allOnPage).toBe(true)
  })

  it('drops the matches of a search since left instead of ticking them under the new one', () => {
    const { result, rerender } = renderHook(({ key, rows }) => useRowSelection(key, rows), {
      initialProps: { key: 'a', rows: page(1, 2) },
    })
    // "Select every match" asked under 'a'; the answer comes after the search changed.
    const setMatching = result.current.setMatching
    rerender({ key: 'ab', rows: page(2) })
    act(() => setMatching([1, 2, 5]))
    expect(result.current.count).toBe(0)
    // Asked under the search shown, it ticks every match.
    act(() => result.current.setMatching([2, 6]))
    expect(result.current.count).toBe(2)
    expect(result.current.allMatching).toBe(true)
  })
})
