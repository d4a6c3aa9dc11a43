import type { Event } from '../../../api/schemas/event'
import type { EventFacts } from './facts'

/*
 * The order of the events list, wherever it is sorted (the browser's index, the console
 * server's SQL): what value an event sorts by for a field, and how two values compare. One
 * place, so that a list sorted by the server and one sorted in the tab agree row for row.
 */

/** The sort key that is no field: open events before completed ones ascending (`isCompleted`). */
export const COMPLETED_SORT = 'completed'

export type SortValue = string | number | null

/** The facts a date field sorts by: its instant as the console reads it. */
export const SORT_DATE_FACTS = {
  due_Date: 'due',
  next_Scheduled_Date: 'next',
  update_Date: 'updated',
  start_Date: 'start',
  end_Date: 'end',
} as const satisfies Record<string, keyof EventFacts>

/** Text as it sorts: lower case (compared by UTF-16 code units, as `<` compares). */
export const sortText = (text: string) => text.toLowerCase()

/**
 * The value `event` sorts by for `field`. Priority: ascending is least important first (the
 * service's order), so descending puts the most important first; no priority, or a code the list
 * does not name, sorts as empty. Dates: their instant. `completed`: 1 completed, 0 open. Any
 * other field: a yes/no as 1/0, text by `sortText`, a number as itself; anything else empty.
 */
export function sortValue(
  subject: { event: Event; facts: EventFacts },
  field: string,
  importance: (code: string | null | undefined) => number,
  priorityCount: number,
): SortValue {
  const { event, facts } = subject
  if (field === 'priority') {
    const i = importance(event.priority)
    return i < priorityCount ? priorityCount - 1 - i : null
  }
  if (field === COMPLETED_SORT) return facts.completed ? 1 : 0
  if (Object.hasOwn(SORT_DATE_FACTS, field))
    return facts[SORT_DATE_FACTS[field as keyof typeof SORT_DATE_FACTS]]
  const v = (event as Record<string, unknown>)[field]
  if (typeof v === 'boolean') return v ? 1 : 0
  return typeof v === 'string' ? sortText(v) : typeof v === 'number' ? v : null
}

/**
 * Compares two rows' values field by field (`dirs`: 1 ascending, -1 descending): an empty value
 * last whichever the direction; equal rows are left to the caller's last key (the event ID).
 */
export function compareSortValues(
  a: readonly SortValue[],
  b: readonly SortValue[],
  dirs: readonly number[],
): number {
  for (let i = 0; i < dirs.length; i++) {
    const va = a[i]!
    const vb = b[i]!
    if (va === vb) continue
    if (va === null) return 1
    if (vb === null) return -1
    return va < vb ? -dirs[i]! : dirs[i]!
  }
  return 0
}
