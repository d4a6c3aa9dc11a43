import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSettled } from './use-settled'

describe('useSettled', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('gives the first value at once and a new one only once it stays for the delay', () => {
    const { result, rerender } = renderHook(({ v }) => useSettled(v, v.join(), 300), {
      initialProps: { v: [1, 2] },
    })
    expect(result.current).toEqual([1, 2])
    rerender({ v: [3] })
    act(() => vi.advanceTimersByTime(200))
    // Typing goes on: the value changes before the delay is over, and the wait starts again.
    rerender({ v: [4, 5] })
    act(() => vi.advanceTimersByTime(299))
    expect(result.current).toEqual([1, 2])
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toEqual([4, 5])
  })

  it('keeps what it gave when the value comes back before the delay', () => {
    const first = [1, 2]
    const { result, rerender } = renderHook(({ v }) => useSettled(v, v.join(), 300), {
      initialProps: { v: first },
    })
    rerender({ v: [9] })
    rerender({ v: [1, 2] })
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toBe(first)
  })
})
