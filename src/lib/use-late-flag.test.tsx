import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLateFlag } from './use-late-flag'

describe('useLateFlag', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('turns on only after staying on for the delay, and off at once', () => {
    const { result, rerender } = renderHook(({ on }) => useLateFlag(on, 250), {
      initialProps: { on: false },
    })
    expect(result.current).toBe(false)
    rerender({ on: true })
    expect(result.current).toBe(false)
    act(() => vi.advanceTimersByTime(249))
    expect(result.current).toBe(false)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(true)
    rerender({ on: false })
    expect(result.current).toBe(false)
  })

  it('never turns on for a flag that goes off before the delay', () => {
    const { result, rerender } = renderHook(({ on }) => useLateFlag(on, 250), {
      initialProps: { on: true },
    })
    act(() => vi.advanceTimersByTime(200))
    rerender({ on: false })
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toBe(false)
    // On again: the delay starts afresh.
    rerender({ on: true })
    act(() => vi.advanceTimersByTime(200))
    expect(result.current).toBe(false)
    act(() => vi.advanceTimersByTime(50))
    expect(result.current).toBe(true)
  })
})
