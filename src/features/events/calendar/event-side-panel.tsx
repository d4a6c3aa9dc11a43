import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { formatDisplayDateTime } from '@/lib/format/format'
import { ApiError } from '@/api/errors'
import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { useRuntimeConfig } from '@/lib/app-context'
import { useDirectory } from '@/lib/directory'
import { EventActions } from '../actions/event-actions'
import { humanizeCode } from '../event-fields'
import { paths } from '@/lib/paths'
import { isCompleted, nextReminderOf, NO_REMINDER } from '../model/facts'
import { PriorityBadge } from '../priority-badge'
import { useEventQueries } from '../queries'
import type { CalendarView } from './calendar-dates'
import { eventTitle } from '../model/title'
import { describePlacement, type MoveDelta } from './move'
import { MoveControls } from './move-controls'
import { PanelSchedules } from './panel-schedules'
import type { PlacedEvent } from '../model/placement'
import styles from './event-side-panel.module.css'
import { Problem } from '@/components/ui/problem'

const PLACED_BY = {
  range: 'by its start and end',
  due: 'by its due date',
  start: 'by its start date',
  reminder: 'by its next reminder',
} as const

interface EventSidePanelProps {
  event: Event
  view: CalendarView
  placed: PlacedEvent | null
  priorities: readonly StringOption[]
  onClose: () => void
  onMove: (delta: MoveDelta) => void
  onDeleted: () => void
}

/**
 * The clicked event beside the calendar (a complementary region, not a modal): its details, the
 * detail page's actions, its schedules with Next occurrence, and Move. Focus goes to its heading
 * when it opens; Escape closes it.
 */
export function EventSidePanel(props: EventSidePanelProps) {
  const { event, view, placed, priorities, onClose, onMove, onDeleted } = props
  const queries = useEventQueries()
  const db = useDatabase()
  const { completedStatus } = useRuntimeConfig()
  const { assigneeName } = useDirectory()
  const titleId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const id = event.event_ID
  // The service's current version: when it differs, it is written into the calendar too.
  const detail = useQuery({ ...queries.detail(db, id), initialData: event })
  const schedules = useQuery(queries.schedules(db, id))
  const done = isCompleted(event, completedStatus)
  const reminder = nextReminderOf(event, completedStatus)
  const gone = detail.error instanceof ApiError && detail.error.status === 404

  useEffect(() => headingRef.current?.focus(), [id])

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault()
      onClose()
    }
  }
  const assignee = assigneeName(event) ?? 'Unassigned'
  const rows: [string, string][] = [
    ['Due', formatDisplayDateTime(event.due_Date)],
    ['Starts', formatDisplayDateTime(event.start_Date)],
    ['Ends', formatDisplayDateTime(event.end_Date)],
    [
      'Next reminder',
      'at' in reminder ? formatDisplayDateTime(reminder.at) : NO_REMINDER[reminder.none],
    ],
    ['Assigned to', assignee],
    ['Type', humanizeCode(event.event_Type)],
    ['Completion', event.completion_Percent != null ? `${event.completion_Percent}%` : ''],
  ]

  return (
    // Escape from anywhere inside the panel closes it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <aside className={styles.panel} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <header className={styles.header}>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {eventTitle(event)}
        </h2>
        <button type="button" className={styles.close} aria-label="Close details" onClick={onClose}>
          ✕
        </button>
      </header>
      <p className={styles.meta}>
        <span>Event {id}</span>
        <PriorityBadge priority={event.priority} priorities={priorities} />
        {event.status && <span className={styles.status}>{event.status}</span>}
        {done && <span className={styles.done}>Completed</span>}
      </p>
      {gone && (
        <Problem
          compact
          tone="warning"
          cause="action"
          title="This event no longer exists on the service."
        />
      )}
      <p className={styles.when}>
        {placed ? describePlacement(placed) : 'Not on the calendar'}
        {placed && <span className={styles.hint}> · placed {PLACED_BY[placed.by]}</span>}
      </p>
      <dl className={styles.fields}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className={styles.field}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <Link to={paths.events.detail(id)} className={styles.open}>
        Open the event page →
      </Link>
      <div className={styles.actions}>
        <EventActions
          event={event}
          size="small"
          canReschedule={(schedules.data?.length ?? 0) > 0}
          onDeleted={onDeleted}
        />
      </div>
      <PanelSchedules schedules={schedules.data} pending={schedules.isPending} />
      <MoveControls view={view} onMove={onMove} disabled={!placed || gone} />
    </aside>
  )
}
