import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { formatCount } from '@/lib/format/format'
import { MyEventRow } from './my-event-row'
import styles from './my-events.module.css'

interface EventGroupProps {
  title: string
  events: Event[]
  priorities: readonly StringOption[]
  now: Date
  tone?: 'late' | 'default'
  empty: string
  /** Show at most this many until the user asks for all. */
  limit?: number
  /** Whether the group starts folded. */
  collapsed?: boolean
}

/** A titled group of the queue (Today, Overdue, Upcoming) with its count; it folds away. */
export function EventGroup({
  title,
  events,
  priorities,
  now,
  tone = 'default',
  empty,
  limit = Infinity,
  collapsed = false,
}: EventGroupProps) {
  const id = useId()
  const [all, setAll] = useState(false)
  const [open, setOpen] = useState(!collapsed)
  const shown = all ? events : events.slice(0, limit)
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h2 id={id} className={`${styles.groupTitle} ${tone === 'late' ? styles.lateTitle : ''}`}>
        <button
          type="button"
          className={styles.groupToggle}
          aria-expanded={open}
          aria-controls={`${id}-list`}
          onClick={() => setOpen(!open)}
        >
          <span className={styles.chevron} aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {title} <span className={styles.count}>{formatCount(events.length)}</span>
        </button>
      </h2>
      <div id={`${id}-list`} hidden={!open} className={styles.groupBody}>
        {events.length === 0 ? (
          <p className={styles.empty}>{empty}</p>
        ) : (
          <ul className={styles.list}>
            {shown.map((e) => (
              <MyEventRow
                key={e.event_ID}
                event={e}
                priorities={priorities}
                now={now}
                overdue={tone === 'late'}
              />
            ))}
          </ul>
        )}
        {events.length > limit && (
          <Button size="small" variant="ghost" className={styles.more} onClick={() => setAll(!all)}>
            {all
              ? `Show the first ${limit}`
              : `Show all ${formatCount(events.length)} ${title.toLowerCase()}`}
          </Button>
        )}
      </div>
    </section>
  )
}
