import { useState } from 'react'
import type { Event } from '@/api/schemas/event'

/** Whether two events hold the same values (field by field; the index's events are flat). */
function sameEvent(a: Event, b: Event): boolean {
  if (a === b) return true
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  let count = 0
  for (const k in ra) {
    count++
    if (ra[k] !== rb[k]) return false
  }
  for (const _ in rb) count--
  return count === 0
}

/**
 * The rows of an answer with each event kept as the same object as in the previous answer when
 * nothing in it changed, and the same array when no row changed: every answer crosses from the
 * index's worker as new objects, and the memoised rows (`EventsTableRow`) then draw only what
 * changed. The service's page and the index's first answer share their events the same way.
 */
export function useStableRows(rows: readonly Event[]): readonly Event[] {
  const [held, setHeld] = useState({ source: rows, rows })
  if (held.source === rows) return held.rows
  const next = stableRows(held.rows, rows)
  setHeld({ source: rows, rows: next })
  return next
}

/** `rows` with the events of `before` kept where nothing changed; `before` itself when all are. */
function stableRows(before: readonly Event[], rows: readonly Event[]): readonly Event[] {
  const byId = new Map(before.map((e) => [e.event_ID, e]))
  let changed = rows.length !== before.length
  const next = rows.map((event, i) => {
    const old = byId.get(event.event_ID)
    const kept = old && sameEvent(old, event) ? old : event
    if (kept !== before[i]) changed = true
    return kept
  })
  return changed ? next : before
}
