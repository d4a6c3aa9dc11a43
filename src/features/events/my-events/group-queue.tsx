import { useEffect, useId, useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { useRuntimeConfig } from '@/lib/app-context'
import { useDirectory } from '@/lib/directory'
import { paths } from '@/lib/paths'
import { useClaimCommand } from '../actions/use-event-commands'
import { useIndexFacets, useIndexQuery } from '../index/use-event-index'
import { importanceOf, priorityOrder } from '../model/priority'
import { eventTitle } from '../model/title'
import { useMyGroups } from '../my-groups'
import { EventGroup } from './event-group'
import { groupEvents, type QueueItem } from './group-events'
import styles from './my-events.module.css'
import { formatCount } from '@/lib/format/format'

/** How many of the queue are shown at once (the rest are a click away in the list). */
const SHOWN = 200

/**
 * The group queue: events of the user's groups that no one has claimed, most pressing first
 * (the model's groups: overdue by importance, then today, upcoming, snoozed), from the event
 * index, with "Take next" and the groups the user works.
 */
export function GroupQueue({
  priorities,
  now,
  onEvents,
}: {
  priorities: readonly StringOption[]
  now: Date
  /** The queue's events, for the triage keys. */
  onEvents: (events: Event[]) => void
}) {
  const { groups, fromToken, chosen, setGroups } = useMyGroups()
  const { completedStatus } = useRuntimeConfig()
  const { groupName } = useDirectory()
  const navigate = useNavigate()
  const { claim, sayTaken } = useClaimCommand()
  const [taking, setTaking] = useState(false)
  const query = useIndexQuery(
    groups.length
      ? {
          filter: { group: groups, unassigned: true, completed: false },
          sort: [{ field: 'due_Date', dir: 'asc' }],
          now: now.getTime(),
          offset: 0,
          limit: SHOWN,
        }
      : null,
  )
  // The overdue among all of them (not only the page shown), by the model's overdue: a
  // snoozed event is not overdue.
  const overdueQuery = useIndexQuery(
    groups.length
      ? {
          filter: { group: groups, unassigned: true, completed: false, due: 'overdue' },
          sort: [{ field: 'due_Date', dir: 'asc' }],
          now: now.getTime(),
          offset: 0,
          limit: 0,
        }
      : null,
  )
  const rank = importanceOf(priorityOrder(priorities))
  const rows = query.data?.rows
  const order = useMemo(() => {
    const g = groupEvents(rows ?? [], now, completedStatus, (e) => rank(e.priority))
    return [...g.overdue, ...g.today, ...g.upcoming, ...g.undated, ...g.snoozed]
    // `rank` follows `priorities`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, now, completedStatus, priorities])
  const total = query.data?.total ?? 0
  // A queue that could not be read is said so: never "0 unclaimed"; nor a count of overdue
  // that could not be made.
  const failedOf = (q: typeof query) => groups.length > 0 && q.isError && !q.data
  const failed = failedOf(query)
  const overdueFailed = failedOf(overdueQuery)
  const overdue = overdueQuery.data?.total ?? order.filter((i) => i.state === 'overdue').length
  const overdueText = overdueFailed
    ? ' · overdue could not be counted'
    : overdue
      ? ` · ${formatCount(overdue)} overdue`
      : ''

  const takeNext = async () => {
    setTaking(true)
    try {
      // The most pressing first; one someone else claimed meanwhile is passed over, and said.
      for (const item of order.slice(0, 10)) {
        const outcome = await claim(item.event, { quiet: true })
        if ('claimed' in outcome) {
          toast.success('Assigned to you', { description: eventTitle(outcome.claimed) })
          void navigate(paths.events.detail(outcome.claimed.event_ID))
          return
        }
        if ('failed' in outcome) return
        sayTaken(outcome)
      }
      toast.info('Nothing left to take', { description: 'Every event of your groups is claimed.' })
    } finally {
      setTaking(false)
    }
  }

  useEffect(() => onEvents(order.map((i) => i.event)), [order, onEvents])
  const title = groups.length ? groups.map(groupName).join(', ') : 'No groups'
  return (
    <section className={styles.groupQueue} aria-label="Group queue">
      <div className={styles.queueHead}>
        <p className={styles.queueSummary} role="status">
          {groups.length === 0
            ? 'You work no user group: choose the groups whose unclaimed events you take.'
            : failed
              ? `Your groups’ queue could not be read. ${describeError(query.error).message}`
              : query.isPending
                ? 'Reading your groups’ queue…'
                : `${formatCount(total)} unclaimed in ${title}${overdueText}`}
        </p>
        {(failed || overdueFailed) && (
          <Button
            size="small"
            onClick={() => {
              if (failed) void query.refetch()
              if (overdueFailed) void overdueQuery.refetch()
            }}
          >
            Try again
          </Button>
        )}
        <GroupChooser groups={groups} fromToken={fromToken} chosen={chosen} onChange={setGroups} />
        <Button
          size="small"
          variant="primary"
          disabled={taking || order.length === 0}
          onClick={() => void takeNext()}
        >
          {taking ? 'Taking…' : 'Take next'}
        </Button>
      </div>
      {groups.length > 0 && query.data && (
        <EventGroup
          title="Unclaimed in my groups"
          events={order as QueueItem[]}
          priorities={priorities}
          now={now}
          limit={15}
          empty="Nothing unclaimed: every event of your groups has someone."
          showGroup
          total={total}
        />
      )}
      {total > SHOWN && (
        <Link
          className={styles.more}
          to={`${paths.events.list()}?group=${groups.join(',')}&assignee=unassigned&completed=open`}
        >
          All {formatCount(total)} in the list
        </Link>
      )}
    </section>
  )
}

/** Which groups the user works: the token's, or a choice of theirs (kept on this device). */
function GroupChooser({
  groups,
  fromToken,
  chosen,
  onChange,
}: {
  groups: number[]
  fromToken: number[]
  chosen: boolean
  onChange: (groups: number[] | null) => void
}) {
  const id = useId()
  const directory = useDirectory()
  const facets = useIndexFacets().data
  const known = [
    ...new Set([
      ...directory.groups.map((g) => g.key),
      ...fromToken,
      ...groups,
      ...(facets?.groups.map(([g]) => g) ?? []),
    ]),
  ].sort((a, b) => a - b)
  const toggle = (key: number, on: boolean) =>
    onChange(on ? [...groups, key] : groups.filter((g) => g !== key))
  return (
    <>
      <button type="button" className={styles.chooser} popoverTarget={id}>
        My groups…
      </button>
      <div id={id} popover="auto" role="dialog" aria-label="My groups" className={styles.popover}>
        <fieldset className={styles.groupChoices}>
          <legend>The groups whose unclaimed events you take</legend>
          {known.map((key) => (
            <label key={key} className={styles.groupChoice}>
              <input
                type="checkbox"
                checked={groups.includes(key)}
                onChange={(e) => toggle(key, e.target.checked)}
              />
              {directory.groupName(key)}
              {fromToken.includes(key) && <span className={styles.hint}> (your group)</span>}
            </label>
          ))}
        </fieldset>
        {chosen && (
          <Button size="small" variant="ghost" onClick={() => onChange(null)}>
            Use the groups you belong to
          </Button>
        )}
      </div>
    </>
  )
}
