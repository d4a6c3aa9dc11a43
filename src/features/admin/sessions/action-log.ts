import { useSyncExternalStore } from 'react'
import { z } from 'zod'

/** One action taken on the Sessions page, as the log keeps it (no tokens, no member data). */
const sessionActionSchema = z.object({
  id: z.string(),
  /** When it was answered, ms since epoch. */
  at: z.number(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  outcome: z.string(),
  result: z.string(),
  activityId: z.string().optional(),
})

export type SessionAction = z.infer<typeof sessionActionSchema>

const KEY = 'bac.admin.session-actions'
/** The log keeps the most recent actions only. */
export const MAX_SESSION_ACTIONS = 50

const listeners = new Set<() => void>()
let cache: SessionAction[] | null = null

function load(): SessionAction[] {
  try {
    const text = sessionStorage.getItem(KEY)
    const parsed = z.array(sessionActionSchema).safeParse(text ? JSON.parse(text) : [])
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

const snapshot = (): SessionAction[] => (cache ??= load())

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function save(actions: SessionAction[]) {
  cache = actions
  try {
    sessionStorage.setItem(KEY, JSON.stringify(actions))
  } catch {
    // storage unavailable: the log still lives in memory for this page
  }
  for (const listener of listeners) listener()
}

/**
 * Adds an action to the log of this browser session (this tab's sessionStorage: it survives a
 * reload and is gone when the tab closes). Newest first.
 */
export function recordSessionAction(entry: Omit<SessionAction, 'id'>) {
  save(
    [
      { id: `${entry.at}-${Math.random().toString(36).slice(2, 10)}`, ...entry },
      ...snapshot(),
    ].slice(0, MAX_SESSION_ACTIONS),
  )
}

/** Empties the log (for tests: the page keeps its trace until the tab closes). */
export function clearSessionActions() {
  save([])
}

/** The actions taken in this browser session, newest first. */
export function useSessionActions(): SessionAction[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
