import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { formatDisplayDateTime } from '@/lib/format/format'
import type { EventSchedule } from '@/api/schemas/event-schedule'
import { ErrorPanel } from '@/components/errors/error-panel'
import { NextOccurrenceButton } from '../actions/next-occurrence-button'
import { describeSchedule, type ScheduleLookups } from '../describe-schedule'
import { useEventQueries } from '../queries'
import { useScheduleLookups } from './use-schedule-lookups'
import styles from './event-detail.module.css'

/** The event's schedules in words, each with its next date and a Next occurrence action. */
export function EventSchedules({ eventId }: { eventId: number }) {
  const queries = useEventQueries()
  const db = useDatabase()
  // Its own error panel, rather than the route's boundary: the event above stays readable.
  const schedules = useQuery({ ...queries.schedules(db, eventId), throwOnError: false })
  const lookups = useScheduleLookups()
  const titleId = useId()
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        Schedule
      </h2>
      {schedules.isPending ? (
        <p className={styles.unset}>Loading schedules…</p>
      ) : schedules.isError ? (
        <ErrorPanel error={schedules.error} onRetry={() => void schedules.refetch()} />
      ) : schedules.data.length === 0 ? (
        <p className={styles.unset}>
          No schedule: this event does not repeat. Snooze it, or set its next reminder with Edit.
        </p>
      ) : (
        <ul className={styles.schedules}>
          {schedules.data.map((s) => (
            <ScheduleItem key={s.schedule_ID} schedule={s} lookups={lookups} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ScheduleItem({
  schedule,
  lookups,
}: {
  schedule: EventSchedule
  lookups: ScheduleLookups
}) {
  const textId = useId()
  const words = describeSchedule(schedule, lookups)
  const noted = schedule.description?.trim()
  return (
    <li className={styles.schedule}>
      <div>
        <p id={textId} className={styles.scheduleText}>
          {words}
        </p>
        <p className={styles.scheduleMeta}>
          Next: {formatDisplayDateTime(schedule.next_Scheduled_Date) || 'none'}
          {schedule.start_Date && <> · From {formatDisplayDateTime(schedule.start_Date)}</>}
          {noted && noted !== words && <> · Noted as “{noted}”</>}
        </p>
      </div>
      <NextOccurrenceButton schedule={schedule} describedBy={textId} />
    </li>
  )
}
