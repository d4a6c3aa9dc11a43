import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { quietWatch } from './yield-to-page'

describe('quietWatch', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const settled = (promise: Promise<void>) => {
    const state = { done: false }
    void promise.then(() => (state.done = true))
    return state
  }

  it('waits for the person to leave the page alone, however long they work', async () => {
    const page = new EventTarget()
    const watch = quietWatch(2_000, page)
    const quiet = settled(watch.quiet())
    // Typing every half second for five seconds: nothing runs meanwhile.
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(500)
      page.dispatchEvent(new Event(i % 2 ? 'keydown' : 'input'))
      expect(quiet.done).toBe(false)
    }
    await vi.advanceTimersByTimeAsync(1_900)
    expect(quiet.done).toBe(false)
    // Two seconds after the last keystroke, and the page's idle moment after that.
    await vi.advanceTimersByTimeAsync(200)
    expect(quiet.done).toBe(true)
    // Still quiet: the next piece of work goes at the next idle moment, without a new wait.
    const next = settled(watch.quiet())
    await vi.advanceTimersByTimeAsync(100)
    expect(next.done).toBe(true)
    watch.stop()
  })

  it('counts from the start, and stops listening when stopped', async () => {
    const page = new EventTarget()
    const watch = quietWatch(1_000, page)
    await vi.advanceTimersByTimeAsync(500)
    const quiet = settled(watch.quiet())
    await vi.advanceTimersByTimeAsync(400)
    expect(quiet.done).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(quiet.done).toBe(true)
    watch.stop()
    // Input after stop() is not heard: the next wait is not put off by it.
    page.dispatchEvent(new Event('keydown'))
    const after = settled(watch.quiet())
    await vi.advanceTimersByTimeAsync(100)
    expect(after.done).toBe(true)
  })
})
