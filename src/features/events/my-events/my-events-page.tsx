import { dayStartMs } from '../model/days'
import { formatCount } from '@/lib/format/format'
import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ErrorPanel } from '@/components/errors/error-panel'
import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { paths } from '@/lib/paths'
import { useEventQueries } from '../queries'
import { useLookup } from '../use-lookup'
import { useNow } from '../use-now'
import { importanceOf, priorityOrder } from '../model/priority'
import { useTriageKeys } from '../triage/use-triage-keys'
import { UnreadableNote } from '../index/gaps-note'
import { EventGroup } from './event-group'
import { groupEvents } from './group-events'
import { LoadChart } from './load-chart'
import { QueuePicker } from './queue-picker'
import styles from './my-events.module.css'
import { Skeleton } from '@/components/ui/skeleton'
import { lazy, Suspense, useState } from 'react'
import type { Event } from '@/api/schemas/event'
import { GroupQueue } from './group-queue'
import { useDirectory } from '@/lib/directory'

// The shortcuts' list loads when `?` first asks for it, not with the page.
const ShortcutsDialog = lazy(() =>
  import('../triage/shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
)

/** The snooze choices of `s`, loaded when first asked for. */
const SnoozeChooser = lazy(() =>
  import('../triage/snooze-chooser').then((m) => ({ default: m.SnoozeChooser })),
)

/**
 * `/events/mine` (the signed-in user) and `/events/mine/:userId` (anyone's queue): the user's
 * active events grouped Today / Overdue / Upcoming / Snoozed (the model's `workState`), over the
 * next 14 days' load; keyboard triage.
 */
export function MyEventsPage({ userId: param }: { userId?: string | undefined }) {
  const queries = useEventQueries()
  const db = useDatabase()
  const user = useCurrentUser()
  const { personName } = useDirectory()
  const { completedStatus } = useRuntimeConfig()
  const userId = param?.trim() || user.userId
  const mine = userId === user.userId
  const query = useQuery(queries.userEvents(db, userId))
  const events = query.data?.records
  const priorities = useLookup('priorities').data ?? []
  const now = useNow()
  const [queueEvents, setQueueEvents] = useState<Event[]>([])
  const rank = importanceOf(priorityOrder(priorities))
  const groups = groupEvents(events ?? [], now, completedStatus, (e) => rank(e.priority))
  const startOfToday = dayStartMs(now)
  const overdueToday = groups.overdue.filter(
    (i) => i.when !== null && i.when >= startOfToday,
  ).length
  const {
    attach: attachTriage,
    helpOpen,
    closeHelp,
    snoozeChoice,
  } = useTriageKeys(
    (id) => events?.find((e) => e.event_ID === id) ?? queueEvents.find((e) => e.event_ID === id),
  )

  return (
    <div className={styles.page}>
      <PageHeader
        title={mine ? 'My events' : `Queue of ${personName(userId)}`}
        description={
          mine
            ? 'Your open reminders and tasks, most pressing first.'
            : `The open reminders and tasks assigned to ${personName(userId)} (${userId}).`
        }
        actions={
          <ButtonLink to={paths.events.create()} variant="primary">
            New event
          </ButtonLink>
        }
      />
      <QueuePicker userId={userId} currentUserId={user.userId} />
      {query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <div className={styles.loading} aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading events…
          </span>
          {[1, 2, 3].map((n) => (
            <Skeleton key={n} className={styles.skeleton} />
          ))}
        </div>
      ) : (
        <>
          <UnreadableNote records={query.data.unreadable} />
          <div className={styles.groups} ref={attachTriage}>
            {query.data.records.length === 0 && (
              <p className={styles.allClear}>
                {mine
                  ? 'Nothing open is assigned to you.'
                  : `Nothing open is assigned to ${userId}.`}
              </p>
            )}
            {query.data.records.length > 0 && (
              <>
                <p className={styles.keysHint}>
                  <kbd>j</kbd> <kbd>k</kbd> or ↓ ↑ move between events, Enter opens, <kbd>s</kbd>{' '}
                  snoozes, <kbd>c</kbd> completes, <kbd>a</kbd> assigns to you, <kbd>e</kbd> edits;{' '}
                  <kbd>?</kbd> lists the shortcuts.
                </p>
                {/* What to do now first; then what is late, most important first; then the rest. */}
                {/* "Later today": from now to midnight (the model's `today` work state). What
                    was due earlier today is overdue, below; the list's Due "Today" is the whole
                    day, both. */}
                <EventGroup
                  title="Later today"
                  events={groups.today}
                  priorities={priorities}
                  now={now}
                  empty={
                    overdueToday > 0
                      ? `Nothing more due today; ${formatCount(overdueToday)} due earlier today ${overdueToday === 1 ? 'is' : 'are'} overdue, below.`
                      : 'Nothing due today.'
                  }
                />
                <EventGroup
                  title="Overdue"
                  tone="late"
                  limit={10}
                  events={groups.overdue}
                  priorities={priorities}
                  now={now}
                  empty="Nothing overdue."
                />
              </>
            )}
            {mine && <GroupQueue priorities={priorities} now={now} onEvents={setQueueEvents} />}
            {query.data.records.length > 0 && (
              <>
                <EventGroup
                  title="Upcoming"
                  limit={15}
                  events={groups.upcoming}
                  priorities={priorities}
                  now={now}
                  empty="Nothing scheduled after today."
                />
                {groups.snoozed.length > 0 && (
                  <EventGroup
                    title="Snoozed"
                    events={groups.snoozed}
                    priorities={priorities}
                    now={now}
                    empty=""
                  />
                )}
                {groups.undated.length > 0 && (
                  <EventGroup
                    title="No date"
                    events={groups.undated}
                    priorities={priorities}
                    now={now}
                    empty=""
                    collapsed
                  />
                )}
              </>
            )}
          </div>
          {/* The overview comes after the work itself. */}
          <LoadChart events={query.data.records} priorities={priorities} now={now} />
        </>
      )}
      {helpOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog open onClose={closeHelp} />
        </Suspense>
      )}
      {snoozeChoice.event && (
        <Suspense fallback={null}>
          <SnoozeChooser {...snoozeChoice} />
        </Suspense>
      )}
    </div>
  )
}
