import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { byLocale, formatClock, formatCount, formatDayAndClock } from '@/lib/format/format'
import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { Button } from '@/components/ui/button'
import type { DaySummary, DrawnEvent } from '../model/day-digest'
import { factsOf, isOverdue, snoozedUntil } from '../model/facts'
import { placedEvent } from '../model/placement'
import { eventTitle } from '../model/title'
import { PriorityBadge } from '../priority-badge'
import { parseDay, SLOT_MINUTES, type CalendarView } from './calendar-dates'
import { toCalendarInput } from './calendar-event-input'
import { keyboardDelta, type MoveDelta } from './move'
import panel from './event-side-panel.module.css'
import styles from './day-list-panel.module.css'
import counts from './day-counts.module.css'

/** Rows drawn at first, and added by each "Show more". */
export const DAY_LIST_STEP = 50

const dayTitle = byLocale(
  (l) => new Intl.DateTimeFormat(l, { weekday: 'long', day: 'numeric', month: 'long' }),
)

interface DayListPanelProps {
  /** `YYYY-MM-DD`. */
  day: string
  /** The day's events, most pressing first; undefined while they come. */
  rows: readonly DrawnEvent[] | undefined
  /** The day's counts, as its summary in the calendar says them. */
  summary: DaySummary | undefined
  /** The event to focus in the list (one just moved, or the one whose details just closed). */
  focus: { eventId: number; at: number } | null
  view: CalendarView
  now: number
  priorities: readonly StringOption[]
  completedStatus: string
  onOpen: (event: Event) => void
  onMove: (event: Event, delta: MoveDelta) => void
  onClose: () => void
}

/**
 * One day's events beside the calendar (a complementary region, like an event's panel), most
 * pressing first: what the day's summary and "+N more" open. Focus goes to its heading, or to
 * the event asked for; ↑ ↓ move between events, Enter opens one, Alt with an arrow moves it (as
 * in the calendar), Escape closes the list.
 */
export function DayListPanel(props: DayListPanelProps) {
  const { day, rows, summary, focus, view, now, priorities, completedStatus } = props
  const titleId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const [shown, setShown] = useState(DAY_LIST_STEP)
  const date = parseDay(day) ?? new Date()
  const title = dayTitle().format(date)
  const focusAt = focus ? (rows?.findIndex((r) => r.event.event_ID === focus.eventId) ?? -1) : -1
  // The event to focus is drawn, however far down the list it is.
  const drawn = Math.max(shown, focusAt + 1)

  useEffect(() => {
    if (!focus) headingRef.current?.focus()
  }, [day, focus])
  // Each request is met once, as soon as its event is listed (a later answer leaves focus be).
  const focused = useRef(0)
  useEffect(() => {
    if (!focus || focusAt < 0 || focused.current === focus.at) return
    const item = listRef.current?.querySelector<HTMLElement>(
      `[data-list-event-id="${focus.eventId}"]`,
    )
    if (!item) return
    focused.current = focus.at
    item.focus()
  }, [focus, focusAt])

  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>('button') ?? [])]
  const onItemKey = (e: KeyboardEvent<HTMLButtonElement>, event: Event) => {
    if (e.altKey) {
      if (e.ctrlKey || e.metaKey) return
      const delta = keyboardDelta(e.key, SLOT_MINUTES, view)
      if (!delta) return
      e.preventDefault()
      props.onMove(event, delta)
      return
    }
    const all = items()
    const at = all.indexOf(e.currentTarget)
    const to =
      e.key === 'ArrowDown'
        ? at + 1
        : e.key === 'ArrowUp'
          ? at - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? all.length - 1
              : null
    if (to === null) return
    e.preventDefault()
    all[Math.max(0, Math.min(all.length - 1, to))]?.focus()
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault()
      props.onClose()
    }
  }

  const total = rows?.length ?? summary?.total ?? 0
  return (
    // Escape from anywhere inside the list closes it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <aside className={panel.panel} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <header className={panel.header}>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className={panel.title}>
          {title}
        </h2>
        <button
          type="button"
          className={panel.close}
          aria-label="Close the day’s list"
          onClick={props.onClose}
        >
          ✕
        </button>
      </header>
      {summary && (
        <p className={styles.counts}>
          <strong>
            {formatCount(summary.total)} {summary.total === 1 ? 'event' : 'events'}
          </strong>
          {summary.urgent > 0 && (
            <span className={counts.urgent}>{formatCount(summary.urgent)} urgent</span>
          )}
          {summary.overdue > 0 && (
            <span className={counts.overdue}>{formatCount(summary.overdue)} overdue</span>
          )}
          {summary.due > 0 && <span>{formatCount(summary.due)} due</span>}
          {summary.snoozed > 0 && <span>{formatCount(summary.snoozed)} snoozed</span>}
        </p>
      )}
      <p className={styles.hint}>
        Most pressing first: overdue, then by priority. ↑ ↓ move, Enter opens, Alt with an arrow
        moves the event.
      </p>
      {rows === undefined ? (
        <p className={styles.hint} role="status">
          Loading the day’s events…
        </p>
      ) : rows.length === 0 ? (
        <p className={styles.hint}>No events on this day match the filters.</p>
      ) : (
        <ol
          ref={listRef}
          className={styles.list}
          aria-label={`Events on ${title}, most pressing first`}
        >
          {rows.slice(0, drawn).map(({ event, placement }) => {
            const placed = placedEvent(event, placement)
            const input = toCalendarInput(placed, priorities, completedStatus)
            const facts = factsOf(event, completedStatus)
            const late = isOverdue(facts, now)
            const snoozeEnd = snoozedUntil(facts, now)
            const done = input.extendedProps.completed
            return (
              <li key={event.event_ID}>
                <button
                  type="button"
                  className={`${styles.item} ${done ? styles.done : ''}`}
                  data-list-event-id={event.event_ID}
                  aria-label={`${late ? 'Overdue: ' : ''}${snoozeEnd !== null ? `Snoozed until ${formatDayAndClock(snoozeEnd)}: ` : ''}${input.extendedProps.label}`}
                  onClick={() => props.onOpen(event)}
                  onKeyDown={(e) => onItemKey(e, event)}
                >
                  <span className={styles.time} aria-hidden="true">
                    {placed.allDay ? 'All day' : formatClock(placed.start)}
                  </span>
                  <span className={styles.subject} aria-hidden="true">
                    {eventTitle(event)}
                  </span>
                  <span className={styles.marks} aria-hidden="true">
                    {late && <span className={styles.late}>Overdue</span>}
                    {snoozeEnd !== null && (
                      <span>Snoozed until {formatDayAndClock(snoozeEnd)}</span>
                    )}
                    <PriorityBadge priority={event.priority} priorities={priorities} />
                    <span>{done ? 'Completed' : event.status}</span>
                  </span>
                </button>
              </li>
            )
          })}
        </ol>
      )}
      {rows && rows.length > drawn && (
        <Button size="small" onClick={() => setShown(drawn + DAY_LIST_STEP)}>
          Show {formatCount(Math.min(DAY_LIST_STEP, rows.length - drawn))} more of{' '}
          {formatCount(total)}
        </Button>
      )}
    </aside>
  )
}
