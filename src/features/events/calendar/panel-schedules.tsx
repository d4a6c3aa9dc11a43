import { useId } from 'react'
import { formatDisplayDateTime } from '@/lib/format/format'
import type { EventSchedule } from '@/api/schemas/event-schedule'
import { NextOccurrenceButton } from '../actions/next-occurrence-button'
import { describeSchedule } from '../describe-schedule'
import { useScheduleLookups } from '../detail/use-schedule-lookups'
import styles from './event-side-panel.module.css'

interface PanelSchedulesProps {
  schedules: EventSchedule[] | undefined
  pending: boolean
}

/** The event's schedules in words, each with Next occurrence. */
export function PanelSchedules({ schedules, pending }: PanelSchedulesProps) {
  const lookups = useScheduleLookups()
  const titleId = useId()
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        Schedule
      </h3>
      {pending ? (
        <p className={styles.hint}>Loading schedules…</p>
      ) : !schedules?.length ? (
        <p className={styles.hint}>No schedule: this event does not repeat.</p>
      ) : (
        <ul className={styles.schedules}>
          {schedules.map((s) => (
            <li key={s.schedule_ID} className={styles.schedule}>
              <span id={`${titleId}-${s.schedule_ID}`}>
                {describeSchedule(s, lookups)}
                <span className={styles.hint}>
                  {' '}
                  · next {formatDisplayDateTime(s.next_Scheduled_Date) || 'none'}
                </span>
              </span>
              <NextOccurrenceButton schedule={s} describedBy={`${titleId}-${s.schedule_ID}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
