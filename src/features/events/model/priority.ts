import type { StringOption } from '../../../api/schemas/static-option'

/*
 * How important a priority is. `GET /priorities` lists them lowest first (the sandbox's: LOW,
 * NORMAL, HIGH, URGENT); every view ranks by that one list, through these functions.
 */

/** The priority codes in the service's order (lowest first). */
export const priorityOrder = (priorities: readonly StringOption[]): string[] =>
  priorities.map((p) => String(p.option_Key))

/**
 * Importance of a priority code: 0 is the most important, then 1, …; a code the list does not
 * name, and no priority, rank after every known one (`order.length`).
 */
export function importance(code: string | null | undefined, order: readonly string[]): number {
  const i = code ? order.indexOf(code) : -1
  return i < 0 ? order.length : order.length - 1 - i
}

/** Whether the code is one the list names. */
export const isKnownPriority = (code: string | null | undefined, order: readonly string[]) =>
  importance(code, order) < order.length

/**
 * A ranking function for many events at once (a map, not a search per event): the same order as
 * `importance`.
 */
export function importanceOf(
  order: readonly string[],
): (code: string | null | undefined) => number {
  const ranks = new Map(order.map((code, i) => [code, order.length - 1 - i]))
  return (code) => (code ? (ranks.get(code) ?? order.length) : order.length)
}
