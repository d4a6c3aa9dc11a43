import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { useStableRows } from './use-stable-rows'

const event = (id: number, subject = `Case ${id}`): Event => ({
  event_ID: id,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  subject,
})

describe('useStableRows', () => {
  it('keeps the events (and the array) of an answer that changed nothing', () => {
    const first = [event(1), event(2), event(3)]
    const { result, rerender } = renderHook(({ rows }) => useStableRows(rows), {
      initialProps: { rows: first },
    })
    expect(result.current).toBe(first)
    // The next answer: equal events, new objects (as they cross from the worker).
    rerender({ rows: [event(1), event(2), event(3)] })
    expect(result.current).toBe(first)
  })

  it('gives a new object only for the event that changed, and follows a new order', () => {
    const first = [event(1), event(2), event(3)]
    const { result, rerender } = renderHook(({ rows }) => useStableRows(rows), {
      initialProps: { rows: first },
    })
    const edited = event(2, 'Renamed')
    rerender({ rows: [event(3), edited, event(1), event(4)] })
    const [three, two, one, four] = result.current
    expect(three).toBe(first[2])
    expect(one).toBe(first[0])
    expect(two).toBe(edited)
    expect(four?.event_ID).toBe(4)
  })
})
