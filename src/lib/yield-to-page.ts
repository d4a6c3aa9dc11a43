interface Scheduler {
  yield?: () => Promise<void>
}

/**
 * Gives the page's thread back for a moment: input, rendering and other tasks run, then the caller
 * goes on. `scheduler.yield()` where the browser has it (the caller resumes ahead of other
 * tasks), otherwise a new task.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Resolves when the page is idle (`requestIdleCallback`, at most `timeoutMs` later), or a moment
 * later where the browser has no idle callbacks: for work the user has not asked for.
 */
export function whenIdle(timeoutMs = 2_000): Promise<void> {
  if (typeof requestIdleCallback === 'function')
    return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: timeoutMs }))
  return new Promise((resolve) => setTimeout(resolve, 50))
}

/** What a person does on the page: work they have not asked for waits while they do it. */
const INPUT_EVENTS = ['input', 'change', 'keydown', 'pointerdown', 'wheel'] as const

/**
 * Hears the person's input on `target` (the document) from now on. `quiet()` resolves once they
 * have done nothing there (typed, clicked, scrolled) for `quietMs`, counted from the last input or
 * from the start, and the page is then idle (`whenIdle`); never while they work. `stop()` stops
 * listening.
 */
export function quietWatch(quietMs: number, target: EventTarget = document) {
  let last = performance.now()
  const heard = () => (last = performance.now())
  for (const type of INPUT_EVENTS)
    target.addEventListener(type, heard, { capture: true, passive: true })
  const quiet = async (): Promise<void> => {
    for (;;) {
      const left = last + quietMs - performance.now()
      if (left <= 0) {
        await whenIdle()
        // Input while waiting for the idle moment: wait again.
        if (performance.now() - last >= quietMs) return
      } else await new Promise((resolve) => setTimeout(resolve, left))
    }
  }
  const stop = () => {
    for (const type of INPUT_EVENTS) target.removeEventListener(type, heard, { capture: true })
  }
  return { quiet, stop }
}
