import type { CalendarEventProps } from './calendar-event-input'
import styles from './calendar-event-content.module.css'
import counts from './day-counts.module.css'

interface CalendarEventContentProps {
  title: string
  timeText: string
  props: CalendarEventProps
  showTime: boolean
  /** The agenda's one line: the time in a column, then the subject, priority and status. */
  agenda?: boolean
  /**
   * The week's narrow columns: the subject first, its time after it and cut first (where the
   * event sits already says when).
   */
  subjectFirst?: boolean
}

/**
 * One event's face: a bell for reminders, a tick when completed, the time and the subject; in the
 * agenda also its priority and status, on the same line. Or a day's summary (its counts) or its
 * "+N more". Its accessible name is the full label; the face is hidden from it.
 */
export function CalendarEventContent({
  title,
  timeText,
  props,
  showTime,
  agenda = false,
  subjectFirst = false,
}: CalendarEventContentProps) {
  if (props.summary) {
    const { day, total, urgent, overdue, due, snoozed } = props.summary
    return (
      <span
        className={styles.content}
        data-day-summary={day}
        data-total={total}
        data-urgent={urgent}
        data-overdue={overdue}
        data-due={due}
        data-snoozed={snoozed}
      >
        <span className="visually-hidden">{props.label}</span>
        <span className={styles.counts} aria-hidden="true">
          <span className={styles.total}>
            {total} {total === 1 ? 'event' : 'events'}
          </span>
          {urgent > 0 && <span className={counts.urgent}>{urgent} urgent</span>}
          {overdue > 0 && <span className={counts.overdue}>{overdue} overdue</span>}
          {due > 0 && <span>{due} due</span>}
          {snoozed > 0 && <span>{snoozed} snoozed</span>}
        </span>
      </span>
    )
  }
  if (props.more)
    return (
      <span
        className={styles.content}
        data-more-day={props.more.day}
        data-more-count={props.more.count}
      >
        <span className="visually-hidden">{props.label}</span>
        <span aria-hidden="true">{title}</span>
      </span>
    )
  const icon = props.completed ? (
    <svg className={styles.icon} viewBox="0 0 16 16" width="12" height="12">
      <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  ) : (
    props.reminder && (
      <svg className={styles.icon} viewBox="0 0 16 16" width="12" height="12">
        <path
          d="M8 1.5a4 4 0 0 0-4 4v2.7L2.6 11h10.8L12 8.2V5.5a4 4 0 0 0-4-4ZM6.3 12.5a1.8 1.8 0 0 0 3.4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
    )
  )
  // Completed: the time and subject struck through (in the agenda the subject only).
  const done = props.completed ? styles.done : ''
  if (agenda)
    return (
      <span className={`${styles.content} ${styles.agenda}`} data-event-id={props.eventId}>
        <span className="visually-hidden">{props.label}</span>
        <span className={styles.face} aria-hidden="true">
          <span className={styles.iconSlot}>{icon}</span>
          <span className={styles.time}>{timeText}</span>
          <span className={`${styles.title} ${done}`}>{title}</span>
          <span className={styles.marks}>
            {props.priority && (
              <span className={`${styles.priority} ${styles[props.tone]}`}>{props.priority}</span>
            )}
            <span className={styles.status}>{props.status}</span>
          </span>
        </span>
      </span>
    )
  return (
    <span className={styles.content} data-event-id={props.eventId}>
      <span className="visually-hidden">{props.label}</span>
      <span
        className={`${styles.face} ${subjectFirst ? styles.subjectFirst : ''} ${done}`}
        aria-hidden="true"
      >
        {icon}
        {showTime && timeText && <span className={styles.time}>{timeText}</span>}
        <span className={styles.title}>{title}</span>
      </span>
    </span>
  )
}
