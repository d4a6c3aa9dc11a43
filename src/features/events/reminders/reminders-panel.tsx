import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react'
import { Dialog, Heading, Popover } from 'react-aria-components'
import { Link } from 'react-router'
import type { Note } from '@/api/notes'
import type { Event } from '@/api/schemas/event'
import { ErrorPanel } from '@/components/errors/error-panel'
import { formatCount } from '@/lib/format/format'
import { paths } from '@/lib/paths'
import { DesktopNotificationsToggle } from './desktop-notifications-toggle'
import { ReminderItem } from './reminder-item'
import { useKeepFocus } from './use-keep-focus'
import styles from './reminders-panel.module.css'

interface RemindersPanelProps {
  triggerRef: RefObject<HTMLButtonElement | null>
  reminders: readonly Event[]
  /** How many are due, when more than `reminders` (the oldest of them) are given. */
  total?: number
  now: Date
  loading: boolean
  error: unknown
  onRetry: () => void
  onClose: () => void
  /** Notes naming the user (with the console server), newest first. */
  mentions?: readonly Note[]
  /** The panel showed them. */
  onMentionsSeen?: () => void
  /** Another feature's alerts, shown under the reminders. */
  extra?: ReactNode
}

/** The due reminders, oldest first, each with Snooze, Open and Mark complete. */
export function RemindersPanel({
  triggerRef,
  reminders,
  total = reminders.length,
  now,
  loading,
  error,
  onRetry,
  onClose,
  mentions = [],
  onMentionsSeen,
  extra,
}: RemindersPanelProps) {
  useEffect(() => onMentionsSeen?.(), [onMentionsSeen])
  const dialogRef = useRef<HTMLElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const ids = useMemo(() => reminders.map((r) => r.event_ID), [reminders])
  useKeepFocus(listRef, dialogRef, ids)
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose()
      }}
      placement="bottom end"
      offset={6}
      className={styles.popover}
    >
      <Dialog ref={dialogRef} className={styles.dialog} aria-labelledby="reminders-title">
        <header className={styles.header}>
          <Heading slot="title" id="reminders-title" className={styles.title}>
            Reminders
          </Heading>
          <span className={styles.summary}>
            {loading
              ? 'Loading…'
              : error
                ? 'Could not be read'
                : total > reminders.length
                  ? `${formatCount(total)} due, the oldest ${formatCount(reminders.length)} shown`
                  : `${formatCount(total)} due`}
          </span>
        </header>
        {error ? (
          <ErrorPanel error={error} onRetry={onRetry} />
        ) : reminders.length === 0 && !loading ? (
          <p className={styles.empty}>You are all caught up: no reminders are due.</p>
        ) : (
          <ul ref={listRef} className={styles.list} aria-label="Due reminders, oldest first">
            {reminders.map((event) => (
              <ReminderItem key={event.event_ID} event={event} now={now} onOpen={onClose} />
            ))}
          </ul>
        )}
        {mentions.length > 0 && (
          <section aria-labelledby="mentions-title" className={styles.mentions}>
            <h3 id="mentions-title" className={styles.mentionsTitle}>
              Mentions
            </h3>
            <ul className={styles.list} aria-label="Notes that mention you, newest first">
              {mentions.slice(0, 10).map((note) => (
                <li key={note.id} className={styles.mention}>
                  <Link
                    to={
                      note.recordType === 'event'
                        ? paths.events.detail(Number(note.recordId))
                        : paths.auths.detail(note.recordId)
                    }
                    onClick={onClose}
                  >
                    {note.authorName ?? note.authorId} on{' '}
                    {note.recordType === 'event' ? 'event' : 'auth'} {note.recordId}
                  </Link>
                  <span className={styles.excerpt}>
                    {note.body.length > 140 ? `${note.body.slice(0, 140)}…` : note.body}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {extra}
        <footer className={styles.footer}>
          <DesktopNotificationsToggle />
          <Link to={paths.events.mine()} className={styles.all} onClick={onClose}>
            All my events
          </Link>
        </footer>
      </Dialog>
    </Popover>
  )
}
