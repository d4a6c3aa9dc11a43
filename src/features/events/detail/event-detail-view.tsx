import { RecordPresence } from '@/components/record-presence/record-presence'
import { RecordNotes } from '@/components/record-notes/record-notes'
import { RecordHistory } from '@/components/record-history/record-history'
import { useDirectory } from '@/lib/directory'
import { useQuery } from '@tanstack/react-query'
import { LinkedText } from './linked-text'
import { Link } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { formatServiceDate, parseServiceDate } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import type { Event } from '@/api/schemas/event'
import { useCan, useRuntimeConfig } from '@/lib/app-context'
import { EventActions } from '../actions/event-actions'
import { fieldLabel, formatEventValue, humanizeCode, isDocumentedField } from '../event-fields'
import { paths } from '@/lib/paths'
import {
  factsOf,
  isCompleted,
  isOverdue,
  nextReminderOf,
  NO_REMINDER,
  snoozedUntil,
} from '../model/facts'
import { PriorityBadge } from '../priority-badge'
import { useEventQueries } from '../queries'
import { formatRelative } from '@/lib/relative-date'
import { useLookup } from '../use-lookup'
import { useNow } from '../use-now'
import { EventFieldSection, type FieldRow } from './event-field-section'
import { EventSchedules } from './event-schedules'
import styles from './event-detail.module.css'
import { eventTitle } from '../model/title'

interface EventDetailViewProps {
  event: Event
  onDeleted: () => void
}

/** Every field of an event, grouped (what, who, when, automation, audit), its schedule, actions. */
/** The fields that hold a user ID: shown by name. */
const PERSON_FIELDS = new Set(['user_ID', 'entry_User', 'update_User'])

export function EventDetailView({ event, onDeleted }: EventDetailViewProps) {
  const queries = useEventQueries()
  const db = useDatabase()
  const now = useNow()
  const { completedStatus, consoleServer } = useRuntimeConfig()
  const seesAudit = useCan('audit') && consoleServer !== undefined
  const priorities = useLookup('priorities').data ?? []
  const schedules = useQuery({
    ...queries.schedules(db, event.event_ID),
    throwOnError: false,
  })
  const done = isCompleted(event, completedStatus)

  const { personLabel, groupName } = useDirectory()
  // People and groups by name (the directory), a person's ID beside the name.
  const value = (field: string) => {
    const raw = (event as Record<string, unknown>)[field]
    if (field === 'userGroup_Key' && typeof raw === 'number') return `${groupName(raw)} (${raw})`
    if (PERSON_FIELDS.has(field) && typeof raw === 'string' && raw) return personLabel(raw)
    return formatEventValue(field, raw)
  }
  const rows = (fields: string[]): FieldRow[] =>
    fields.map((f) => ({ label: fieldLabel(f), value: value(f) }))
  const facts = factsOf(event, completedStatus)
  const snoozed = snoozedUntil(facts, now)
  const when = (field: 'due_Date' | 'next_Scheduled_Date') => {
    if (field === 'next_Scheduled_Date') {
      const next = nextReminderOf(event, completedStatus)
      if ('none' in next)
        return next.none === 'unset' ? (
          value(field)
        ) : (
          <span className={styles.relative}>{NO_REMINDER[next.none]}</span>
        )
    }
    const date = parseServiceDate(event[field])
    if (!date) return value(field)
    const late = field === 'due_Date' && isOverdue(facts, now)
    return (
      <>
        {formatDisplayDateTime(event[field])}{' '}
        <span className={late ? styles.late : styles.relative}>
          ({late ? 'overdue, ' : ''}
          {formatRelative(date, now)}
          {field === 'due_Date' && snoozed !== null
            ? `; snoozed until ${formatDisplayDateTime(formatServiceDate(new Date(snoozed)))}`
            : ''}
          )
        </span>
      </>
    )
  }
  const others = Object.keys(event).filter((f) => !isDocumentedField(f))
  const title = eventTitle(event)
  const assignee = event.user_ID
    ? personLabel(event.user_ID)
    : event.userGroup_Key != null
      ? groupName(event.userGroup_Key)
      : null

  return (
    <article className={styles.page} aria-labelledby="event-title">
      <Link to={paths.events.list()} className={styles.back}>
        ← All events
      </Link>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 id="event-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.summary}>
            <span>Event {event.event_ID}</span>
            {event.event_Type && <span>{humanizeCode(event.event_Type)}</span>}
            {event.status && <span className={styles.status}>{event.status}</span>}
            <PriorityBadge priority={event.priority} priorities={priorities} />
            <span>{assignee ? `Assigned to ${assignee}` : 'Unassigned'}</span>
            {seesAudit && (
              <Link to={paths.admin.audit({ type: 'event', id: event.event_ID })}>Audit trail</Link>
            )}
          </p>
        </div>
        <EventActions
          event={event}
          canReschedule={(schedules.data?.length ?? 0) > 0}
          onDeleted={onDeleted}
        />
      </header>
      <RecordPresence kind="event" id={String(event.event_ID)} />
      {done && (
        <p className={styles.done} role="status">
          Completed
          {event.completion_Date ? ` on ${formatDisplayDateTime(event.completion_Date)}` : ''}.
        </p>
      )}
      <div className={styles.columns}>
        <div className={styles.column}>
          <EventFieldSection
            title="What"
            rows={[
              {
                label: 'Subject',
                value: event.subject ? <LinkedText text={event.subject} /> : value('subject'),
              },
              { label: 'Type', value: humanizeCode(event.event_Type) },
              {
                label: 'Priority',
                // None set: named on the section's "Not set" line, not an empty row.
                value: event.priority ? (
                  <PriorityBadge priority={event.priority} priorities={priorities} />
                ) : (
                  ''
                ),
              },
              ...rows(['status', 'completion_Percent', 'completion_Date']),
              {
                label: fieldLabel('meta_Data'),
                value: event.meta_Data ? <LinkedText text={event.meta_Data} /> : value('meta_Data'),
              },
            ]}
          />
          <EventFieldSection
            title="Reminders and automation"
            rows={rows([
              'reminder',
              'reminder_Event_ID',
              'claim_Audit_Event',
              'process_Automation_Event',
              'reportSeries_Key',
              'event_Processor',
            ])}
          />
        </div>
        <div className={styles.column}>
          <EventFieldSection
            title="When"
            rows={[
              ...rows(['start_Date']),
              { label: fieldLabel('due_Date'), value: when('due_Date') },
              ...rows(['end_Date']),
              { label: fieldLabel('next_Scheduled_Date'), value: when('next_Scheduled_Date') },
              ...rows(['next_Scheduled_Time']),
            ]}
          />
          <EventFieldSection title="Who" rows={rows(['user_ID', 'userGroup_Key'])} />
          <EventFieldSection
            title="Record"
            rows={rows(['event_ID', 'entry_Date', 'entry_User', 'update_Date', 'update_User'])}
          />
        </div>
      </div>
      <EventSchedules eventId={event.event_ID} />
      {others.length > 0 && <EventFieldSection title="Other fields" rows={rows(others)} />}
      <RecordNotes kind="event" id={String(event.event_ID)} />
      <RecordHistory kind="event" id={String(event.event_ID)} version={event.update_Date} />
    </article>
  )
}
