import type { CalendarEventProps } from './calendar-event-input'
import styles from './calendar-event-content.module.css'

interface CalendarEventContentProps {
  title: string
  timeText: string
  props: CalendarEventProps
  /** The agenda lists the time in its own column. */
  showTime: boolean
}

/**
 * One event's face: a bell for reminders, a tick when completed, the time and the subject (or a
 * month's "+N more"). Its accessible name is the full label; the face is hidden from it.
 */
export function CalendarEventContent({
  title,
  timeText,
  props,
  showTime,
}: CalendarEventContentProps) {
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
  return (
    <span className={styles.content} data-event-id={props.eventId}>
      <span className="visually-hidden">{props.label}</span>
      <span className={styles.face} aria-hidden="true">
        {props.completed ? (
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
        )}
        {showTime && timeText && <span className={styles.time}>{timeText}</span>}
        <span className={styles.title}>{title}</span>
      </span>
    </span>
  )
}
