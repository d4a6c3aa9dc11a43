import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { eventIndexOf } from '@/lib/runtime-config'
import { useIndexQuery } from '../index/use-event-index'
import type { SortKey } from '../index/protocol'
import { useEventQueries, useSnoozingAway } from '../queries'
import { useNow } from '../use-now'
import { useDesktopNotificationsOn, useDesktopNotifier } from './desktop-notifications'
import { dueRemindersInSlices } from './due-reminders'
import { yieldToPage } from '@/lib/yield-to-page'
import type { Event } from '@/api/schemas/event'
import { useTitleCount } from './use-title-count'
import { useMentions } from './mentions'
import styles from './reminders-bell.module.css'

// The panel (and React Aria's popover) loads when first opened, not with every page.
const RemindersPanel = lazy(() =>
  import('./reminders-panel').then((m) => ({ default: m.RemindersPanel })),
)

/** Refresh the signed-in user's events this often (and when the window regains focus). */
const REFRESH_MS = 60_000

const NO_EVENTS: Event[] = []
/** The reminders the server is asked for at most (the bell counts them all). */
const SERVER_MAX_SHOWN = 50
/** The bell's order: the oldest reminder first, ties by event ID (as `dueReminders`). */
const BY_REMINDER: SortKey[] = [
  { field: 'next_Scheduled_Date', dir: 'asc' },
  { field: 'event_ID', dir: 'asc' },
]

/**
 * The reminders due now among `events`, worked out in slices after each change (a busy user's
 * thousands of active events never hold the page in one task); the last answer meanwhile.
 */
function useDueReminders(events: readonly Event[], now: Date, completedStatus: string) {
  const [due, setDue] = useState<Event[]>(NO_EVENTS)
  useEffect(() => {
    let current = true
    void dueRemindersInSlices(events, now, completedStatus, yieldToPage).then((found) => {
      if (current) setDue(found)
    })
    return () => {
      current = false
    }
  }, [events, now, completedStatus])
  return due
}

/**
 * Something else the bell tells of, given by the page that composes it (another feature's
 * alerts): how many, in words for the bell's name, and its section of the panel.
 */
export interface BellSection {
  count: number
  words: string
  render: (close: () => void) => ReactNode
}

/**
 * The header's reminders bell: counts the signed-in user's due reminders (also in the page
 * title) and opens the reminders panel; `extra` adds another feature's alerts to both.
 */
export function RemindersBell({ extra }: { extra?: BellSection | null | undefined }) {
  const queries = useEventQueries()
  const db = useDatabase()
  const user = useCurrentUser()
  const config = useRuntimeConfig()
  const { completedStatus } = config
  const notify = useDesktopNotificationsOn()
  // With the console's server answering, it is asked for the reminders due alone; else the
  // user's active events are read from the service and the due ones found here.
  const fromServer = eventIndexOf(config) === 'server'
  const own = useQuery({
    ...queries.userEvents(db, user.userId),
    enabled: !fromServer,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: notify,
    refetchOnWindowFocus: true,
    // A header widget: a failure shows on the bell, it never replaces the page.
    throwOnError: false,
  })
  const now = useNow(REFRESH_MS)
  const asked = useIndexQuery(
    fromServer
      ? {
          // The model's `isReminderDue` among the user's events, as the service's list holds.
          filter: { user: [user.userId], reminderDue: true },
          sort: BY_REMINDER,
          now: now.getTime(),
          offset: 0,
          limit: SERVER_MAX_SHOWN,
        }
      : null,
  )
  const found = useDueReminders(own.data?.records ?? NO_EVENTS, now, completedStatus)
  // The server's answer holds a reminder being snoozed until its change is heard: it leaves the
  // bell at once, as the user's own list does through the optimistic update.
  const away = useSnoozingAway()
  const served = useMemo(() => {
    const rows = asked.data?.rows ?? NO_EVENTS
    const kept = rows.filter((e) => !away(e))
    return {
      rows: kept,
      total: Math.max(0, (asked.data?.total ?? 0) - (rows.length - kept.length)),
    }
  }, [asked.data, away])
  const due = fromServer ? served.rows : found
  const dueCount = fromServer ? served.total : found.length
  const query = fromServer ? asked : own
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const mentions = useMentions()
  useTitleCount(dueCount)
  useDesktopNotifier(due, notify)

  const count = dueCount + mentions.fresh + (extra?.count ?? 0)
  // The badge counts them all: the name says each, then the sum as the badge shows it.
  const parts = [
    query.isError
      ? 'Reminders (could not be loaded)'
      : `Reminders, ${dueCount === 0 ? 'none' : dueCount} due`,
  ]
  if (mentions.fresh > 0)
    parts.push(`${mentions.fresh} new ${mentions.fresh === 1 ? 'mention' : 'mentions'}`)
  if (extra?.count) parts.push(extra.words)
  if (mentions.fresh > 0 || extra?.count) parts.push(`${count > 99 ? '99+' : count} in all`)
  const label = parts.join(', ')
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.bell}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.5A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15a2.5 2.5 0 0 0 5 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {count > 0 && (
          <span className={styles.count} aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <RemindersPanel
            triggerRef={trigger}
            reminders={due}
            total={dueCount}
            now={now}
            loading={query.isPending}
            error={query.isError ? query.error : null}
            onRetry={() => void query.refetch()}
            onClose={() => setOpen(false)}
            mentions={mentions.mentions}
            onMentionsSeen={mentions.markSeen}
            extra={extra?.render(() => setOpen(false))}
          />
        </Suspense>
      )}
    </>
  )
}
