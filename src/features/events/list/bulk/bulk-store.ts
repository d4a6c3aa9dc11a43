import { useSyncExternalStore } from 'react'
import type { BatchReport } from './batch-results'
import type { BulkProgress } from './bulk-run'

/*
 * The bulk change under way and the last one's results, outside any component: a change of
 * 5,000 events goes on (and can be undone with Ctrl+Z) while the user is on another page, and
 * its results are there on coming back. Memory only (results name events); the signed-in layout
 * clears it at sign-out, lock and database switch (`clearBulk`), which also stops a change under
 * way. One change runs at a time; another (an undo, say) waits for it.
 */

export interface BulkRunning {
  /** "Setting the priority to High". */
  title: string
  progress: BulkProgress
  stopping: boolean
  stop: () => void
}

interface BulkState {
  running: BulkRunning | null
  report: BatchReport | null
}

let state: BulkState = { running: null, report: null }
let generation = 0
let chain: Promise<unknown> = Promise.resolve()
const listeners = new Set<() => void>()
const set = (next: Partial<BulkState>) => {
  state = { ...state, ...next }
  listeners.forEach((listener) => listener())
}

/**
 * Runs `work` after any change under way, with progress shown as `title`; `work` gets an abort
 * signal (Stop, or the session ending) and a progress callback. Resolves to what `work` did, or
 * null when the session ended first.
 */
export function runExclusive<T>(
  title: string,
  work: (signal: AbortSignal, progress: (p: BulkProgress) => void) => Promise<T>,
): Promise<T | null> {
  const mine = generation
  const run = chain.then(async () => {
    if (mine !== generation) return null
    const controller = new AbortController()
    const stop = () => {
      controller.abort()
      if (state.running) set({ running: { ...state.running, stopping: true } })
    }
    stops.add(stop)
    set({ running: { title, progress: { done: 0, total: 0, failed: 0 }, stopping: false, stop } })
    try {
      return await work(controller.signal, (progress) => {
        if (mine === generation && state.running) set({ running: { ...state.running, progress } })
      })
    } finally {
      stops.delete(stop)
      if (mine === generation) set({ running: null })
    }
  })
  chain = run.catch(() => undefined)
  return run
}
const stops = new Set<() => void>()

/** Shows (or with null, dismisses) the results of a bulk change. */
export function setBulkReport(report: BatchReport | null) {
  set({ report })
}

/** Forgets everything and stops the change under way (sign-out, lock, another database). */
export function clearBulk() {
  generation++
  stops.forEach((stop) => stop())
  stops.clear()
  set({ running: null, report: null })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The change under way and the last results. */
export const useBulkState = () => useSyncExternalStore(subscribe, () => state)

/** The last results alone: what the list's rows mark (the page does not follow progress). */
export const useBulkReport = () => useSyncExternalStore(subscribe, () => state.report)

/** Whether a change is under way (not its progress). */
export const useBulkRunning = () => useSyncExternalStore(subscribe, () => state.running !== null)
