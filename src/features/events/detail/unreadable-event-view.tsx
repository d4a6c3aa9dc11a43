import { Link } from 'react-router'
import type { Event } from '@/api/schemas/event'
import { paths } from '@/lib/paths'
import { DeleteEventButton } from '../actions/delete-event-button'
import { fieldLabel, formatEventValue, humanizeCode, isDocumentedField } from '../event-fields'
import { EventFieldSection, type FieldRow } from './event-field-section'
import styles from './event-detail.module.css'
import { eventTitle } from '../model/title'

interface UnreadableEventViewProps {
  eventId: number
  /** The fields that passed the contract (and those it does not know, as they came). */
  event: Partial<Event>
  /** The documented fields that failed it: named, never shown. */
  unreadable: readonly string[]
  onDeleted: () => void
}

/** The same groups as the full view (`event-detail-view.tsx`). */
const GROUPS: { title: string; fields: string[] }[] = [
  {
    title: 'What',
    fields: [
      'subject',
      'event_Type',
      'priority',
      'status',
      'completion_Percent',
      'completion_Date',
      'meta_Data',
    ],
  },
  {
    title: 'When',
    fields: ['start_Date', 'due_Date', 'end_Date', 'next_Scheduled_Date', 'next_Scheduled_Time'],
  },
  { title: 'Who', fields: ['user_ID', 'userGroup_Key'] },
  {
    title: 'Reminders and automation',
    fields: [
      'reminder',
      'reminder_Event_ID',
      'claim_Audit_Event',
      'process_Automation_Event',
      'reportSeries_Key',
      'event_Processor',
    ],
  },
  {
    title: 'Record',
    fields: ['event_ID', 'entry_Date', 'entry_User', 'update_Date', 'update_User'],
  },
]

/** A value as text: codes made readable, dates in words, Yes/No. */
const show = (field: string, value: unknown) =>
  (field === 'event_Type' || field === 'priority') && typeof value === 'string'
    ? humanizeCode(value)
    : formatEventValue(field, value)

/**
 * An event the service sent that fails the contract: what can be read, shown as
 * text; the fields that cannot, named in a banner (never their values); Delete, and no Edit:
 * saving sends the whole event back, and the console would overwrite what it could not read.
 */
export function UnreadableEventView({
  eventId,
  event,
  unreadable,
  onDeleted,
}: UnreadableEventViewProps) {
  const bad = new Set(unreadable)
  const subject = typeof event.subject === 'string' ? event.subject : null
  const title = eventTitle({ event_ID: eventId, subject })
  const rows = (fields: string[]): FieldRow[] =>
    fields.map((f) => ({
      label: fieldLabel(f),
      value: bad.has(f) ? (
        <span className={styles.unreadable}>Cannot be read</span>
      ) : (
        show(f, (event as Record<string, unknown>)[f])
      ),
    }))
  const others = Object.keys(event).filter((f) => !isDocumentedField(f))
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
            <span>Event {eventId}</span>
          </p>
        </div>
        <div className={styles.unreadableActions} role="toolbar" aria-label="Event actions">
          <DeleteEventButton event={{ event_ID: eventId, subject }} onDeleted={onDeleted} />
        </div>
      </header>
      <div className={styles.unreadableBanner} role="alert">
        <p>
          <strong>This event has fields the console cannot read: {unreadable.join(', ')}.</strong>
        </p>
        <p>
          The service sent values there that the contract does not allow. The event is shown as far
          as it can be read, and is left out of the list, the calendar and search. Editing it here
          is turned off: saving sends the whole event back, and would overwrite what the console
          could not read. It can be deleted; to repair it, correct it in the service.
        </p>
      </div>
      <div className={styles.columns}>
        {GROUPS.map((group) => (
          <EventFieldSection key={group.title} title={group.title} rows={rows(group.fields)} />
        ))}
      </div>
      {others.length > 0 && <EventFieldSection title="Other fields" rows={rows(others)} />}
    </article>
  )
}
