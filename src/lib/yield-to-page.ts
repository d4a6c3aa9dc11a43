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
