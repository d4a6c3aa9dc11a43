import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import type { StringOption } from '@/api/schemas/static-option'
import type { QueueItem } from './group-events'
import { formatCount } from '@/lib/format/format'
import { MyEventRow } from './my-event-row'
import styles from './my-events.module.css'

interface EventGroupProps {
  title: string
  events: QueueItem[]
  priorities: readonly StringOption[]
  now: Date
  tone?: 'late' | 'default'
  empty: string
  /** Show at most this many until the user asks for all. */
  limit?: number
  /** Whether the group starts folded. */
  collapsed?: boolean
  /** Name each event's user group (a group's queue). */
  showGroup?: boolean
  /**
   * How many there are in all, when `events` are only the first of them (a page): the count
   * says "200 of 391", never a page's size as the total.
   */
  total?: number
}

/** A titled group of the queue (Today, Overdue, Upcoming, Snoozed) with its count; it folds away. */
export function EventGroup({
  title,
  events,
  priorities,
  now,
  tone = 'default',
  empty,
  limit = Infinity,
  collapsed = false,
  showGroup = false,
  total = events.length,
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
          {title} <span className={styles.count}>{formatCount(total)}</span>
        </button>
      </h2>
      <div id={`${id}-list`} hidden={!open} className={styles.groupBody}>
        {events.length === 0 ? (
          <p className={styles.empty}>{empty}</p>
        ) : (
          <ul className={styles.list}>
            {shown.map((item) => (
              <MyEventRow
                key={item.event.event_ID}
                item={item}
                priorities={priorities}
                now={now}
                overdue={tone === 'late' || item.state === 'overdue'}
                showGroup={showGroup}
              />
            ))}
          </ul>
        )}
        {events.length > limit && (
          <Button size="small" variant="ghost" className={styles.more} onClick={() => setAll(!all)}>
            {all
              ? `Show the first ${limit}`
              : total > events.length
                ? `Show the first ${formatCount(events.length)} of ${formatCount(total)}`
                : `Show all ${formatCount(events.length)} ${title.toLowerCase()}`}
          </Button>
        )}
      </div>
    </section>
  )
}
