import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Event } from '@/api/schemas/event'
import { useCompleteCommand, useSnoozeCommand } from '../actions/use-event-commands'
import { isTypingTarget } from '@/lib/typing-target'

/** Marks a row for triage keys: `data-triage-id` on the row, `data-triage-focus` on its link. */
export const triageRow = (eventId: number) => ({ 'data-triage-id': eventId })
export const TRIAGE_FOCUS = { 'data-triage-focus': '' }

const ROW = '[data-triage-id]'
const FOCUS = '[data-triage-focus]'

const rowsIn = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(ROW)]
const idOf = (row: Element | null | undefined) => Number(row?.getAttribute('data-triage-id'))
const focusRow = (row: HTMLElement | undefined) => {
  const target = row?.querySelector<HTMLElement>(FOCUS) ?? row
  target?.focus()
  target?.scrollIntoView({ block: 'nearest' })
}

/**
 * Keyboard triage over a list of events: ↑/↓ or j/k move between rows (focus on each row's
 * link, so Enter opens it), `s` snoozes the focused event for the default duration, `c` marks it
 * complete, `?` shows the shortcuts. After `s` or `c`, and whenever the focused row leaves the
 * list (completed from its own button), focus goes to the next row, or the previous one at the
 * end, instead of falling to the page.
 */
export function useTriageKeys(eventOf: (eventId: number) => Event | undefined) {
  // The element holding the rows (a callback ref: it may appear after the data loads).
  const [el, setEl] = useState<HTMLElement | null>(null)
  const [helpOpen, setHelpOpen] = useState(false)
  const { snooze } = useSnoozeCommand()
  const complete = useCompleteCommand()
  // The row focus was last in, with its neighbours, to recover focus when the row goes away.
  const last = useRef<{
    id: number
    next: number
    previous: number
    element: HTMLElement
  } | null>(null)
  const actions = useRef({ eventOf, snooze, complete })
  useLayoutEffect(() => {
    actions.current = { eventOf, snooze, complete }
  })

  useEffect(() => {
    if (!el) return
    const remember = (e: FocusEvent) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>(ROW)
      if (!row) return
      const rows = rowsIn(el)
      const i = rows.indexOf(row)
      last.current = {
        id: idOf(row),
        next: idOf(rows[i + 1]),
        previous: idOf(rows[i - 1]),
        element: e.target as HTMLElement,
      }
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return
      const row = (e.target as HTMLElement).closest<HTMLElement>(ROW)
      if (!row) return
      const rows = rowsIn(el)
      const i = rows.indexOf(row)
      const move = (to: HTMLElement | undefined) => {
        e.preventDefault()
        if (to) focusRow(to)
      }
      const event = actions.current.eventOf(idOf(row))
      switch (e.key) {
        case 'ArrowDown':
        case 'j':
          return move(rows[i + 1])
        case 'ArrowUp':
        case 'k':
          return move(rows[i - 1])
        case 's':
          if (!event) return
          move(rows[i + 1] ?? rows[i - 1])
          void actions.current.snooze(event)
          return
        case 'c':
          if (!event) return
          move(rows[i + 1] ?? rows[i - 1])
          void actions.current.complete(event)
          return
      }
    }
    el.addEventListener('focusin', remember)
    el.addEventListener('keydown', onKey)
    return () => {
      el.removeEventListener('focusin', remember)
      el.removeEventListener('keydown', onKey)
    }
  }, [el])

  // `?` anywhere on the page (not while typing) shows the shortcuts.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return
      e.preventDefault()
      setHelpOpen(true)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })

  // A focused row that left its place (completed, reassigned, or snoozed into another group)
  // hands focus to its neighbour: the work goes on with the next event. Focus the user moved
  // elsewhere themselves (the element is still there) is left alone.
  useLayoutEffect(() => {
    const was = last.current
    if (!el || !was || was.element.isConnected) return
    const active = document.activeElement
    if (active && active !== document.body && active.isConnected) return
    const rows = rowsIn(el)
    const to =
      rows.find((r) => idOf(r) === was.next) ??
      rows.find((r) => idOf(r) === was.previous) ??
      rows.find((r) => idOf(r) === was.id)
    if (to) focusRow(to)
  })

  return { attach: setEl, helpOpen, closeHelp: () => setHelpOpen(false) }
}
