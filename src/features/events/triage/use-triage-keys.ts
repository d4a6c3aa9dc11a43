import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Event } from '@/api/schemas/event'
import {
  useClaimCommand,
  useCompleteCommand,
  useSnoozeCommand,
} from '../actions/use-event-commands'
import { paths } from '@/lib/paths'
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
 * link, so Enter opens it; from page load, the first press focuses the first event), `s` opens
 * the snooze choices (a digit picks one), `c` marks it complete, `a` assigns it to me, `e` edits
 * it, `?` shows the shortcuts. After an action, and whenever the focused row leaves the list
 * (completed from its own button), focus goes to the next row, or the previous one at the end,
 * instead of falling to the page.
 */
export function useTriageKeys(
  eventOf: (eventId: number) => Event | undefined,
  /** Where rows can be ticked (the list): `x` ticks the focused one, Shift+X extends. */
  onSelect?: (eventId: number, extend: boolean) => void,
) {
  // The element holding the rows (a callback ref: it may appear after the data loads).
  const [el, setEl] = useState<HTMLElement | null>(null)
  const [helpOpen, setHelpOpen] = useState(false)
  const { snooze } = useSnoozeCommand()
  const complete = useCompleteCommand()
  const { claim, sayTaken } = useClaimCommand()
  const navigate = useNavigate()
  /** The event `s` asked to snooze, while its choices are open; and the row to go to after. */
  const [snoozing, setSnoozing] = useState<{
    event: Event
    next: number
    /** A digit pressed before the choices' code arrived: it picks when they open. */
    digit?: string
  } | null>(null)
  useEffect(() => {
    if (!snoozing || snoozing.digit) return
    const early = (e: KeyboardEvent) => {
      if (!/^[1-9]$/.test(e.key) || document.querySelector('dialog[open]')) return
      e.preventDefault()
      setSnoozing((now) => (now ? { ...now, digit: e.key } : now))
    }
    document.addEventListener('keydown', early)
    return () => document.removeEventListener('keydown', early)
  }, [snoozing])
  // The row focus was last in, with its neighbours, to recover focus when the row goes away.
  const last = useRef<{
    id: number
    next: number
    previous: number
    /** The row element itself: when it leaves the page, the event left its place. */
    row: HTMLElement
  } | null>(null)
  const actions = useRef({ eventOf, snooze, complete, claim, sayTaken, navigate, onSelect })
  useLayoutEffect(() => {
    actions.current = { eventOf, snooze, complete, claim, sayTaken, navigate, onSelect }
  })

  useEffect(() => {
    if (!el) return
    const remember = (e: FocusEvent) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>(ROW)
      if (!row) return
      // Triage has begun: the snooze choices' code comes now, so `s` opens them at once.
      void import('./snooze-chooser')
      const rows = rowsIn(el)
      const i = rows.indexOf(row)
      last.current = {
        id: idOf(row),
        next: idOf(rows[i + 1]),
        previous: idOf(rows[i - 1]),
        row,
      }
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return
      if (e.defaultPrevented) return
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
          e.preventDefault()
          setSnoozing({ event, next: idOf(rows[i + 1] ?? rows[i - 1]) })
          return
        case 'a':
          if (!event) return
          move(rows[i + 1] ?? rows[i - 1])
          void actions.current.claim(event).then((outcome) => {
            if ('takenBy' in outcome) actions.current.sayTaken(outcome)
          })
          return
        case 'x':
        case 'X':
          if (!actions.current.onSelect) return
          e.preventDefault()
          actions.current.onSelect(idOf(row), e.shiftKey)
          return
        case 'e':
          if (!event) return
          e.preventDefault()
          void actions.current.navigate(paths.events.edit(event.event_ID))
          return
        case 'c':
          if (!event) return
          move(rows[i + 1] ?? rows[i - 1])
          void actions.current.complete(event)
          return
      }
    }
    // From page load (focus on nothing in particular), the first j or ↓ focuses the first event.
    const onPageKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return
      if (!['j', 'k', 'ArrowDown', 'ArrowUp'].includes(e.key)) return
      const active = document.activeElement
      if (active && active !== document.body && active !== document.documentElement) {
        // Focus in the page's main area but outside any control (e.g. after a click on text).
        if (!(active instanceof HTMLElement) || active.tabIndex >= 0) return
        if (active.closest('dialog, [role="dialog"], [role="menu"], nav, header')) return
      }
      if (document.querySelector('dialog[open]')) return
      const rows = rowsIn(el)
      if (!rows.length) return
      e.preventDefault()
      focusRow(e.key === 'k' || e.key === 'ArrowUp' ? rows.at(-1) : rows[0])
    }
    el.addEventListener('focusin', remember)
    el.addEventListener('keydown', onKey)
    document.addEventListener('keydown', onPageKey)
    return () => {
      el.removeEventListener('focusin', remember)
      el.removeEventListener('keydown', onKey)
      document.removeEventListener('keydown', onPageKey)
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
  // hands focus to its neighbour: the work goes on with the next event. While the row is still
  // there (a control inside it replaced, focus moved elsewhere by the user) it is left alone.
  useLayoutEffect(() => {
    const was = last.current
    if (!el || !was || was.row.isConnected) return
    const active = document.activeElement
    if (active && active !== document.body && active.isConnected) return
    const rows = rowsIn(el)
    const to =
      rows.find((r) => idOf(r) === was.next) ??
      rows.find((r) => idOf(r) === was.previous) ??
      rows.find((r) => idOf(r) === was.id)
    if (to) focusRow(to)
  })

  /** The snooze choices of `s`: the event, and what to do with the choice. */
  const snoozeChoice = {
    event: snoozing?.event ?? null,
    digit: snoozing?.digit,
    onChoose: (event: Event, duration: string) => {
      const next = snoozing?.next
      setSnoozing(null)
      void actions.current.snooze(event, duration)
      // After the dialog has given focus back: the work goes on with the next event.
      requestAnimationFrame(() => {
        const to = el && rowsIn(el).find((r) => idOf(r) === next)
        if (to) focusRow(to)
      })
    },
    onClose: () => setSnoozing(null),
  }

  return { attach: setEl, helpOpen, closeHelp: () => setHelpOpen(false), snoozeChoice }
}
