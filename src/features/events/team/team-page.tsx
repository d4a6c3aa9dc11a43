import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { numeric, Table } from '@/components/ui/table'
import { useDirectory } from '@/lib/directory'
import { formatCount } from '@/lib/format/format'
import { paths } from '@/lib/paths'
import { useIndexPhase, useIndexWorkload } from '../index/use-event-index'
import type { GroupLoad, Load } from '../model/workload'
import { useNow } from '../use-now'
import styles from './team-page.module.css'

const byPressure = <K,>(a: [K, Load], b: [K, Load]) =>
  b[1].overdue - a[1].overdue || b[1].open - a[1].open

/**
 * `/events/team`: open work per person and per user group from the event index (open, overdue,
 * due this week; for a group, how much no one has claimed), most overdue first. Each person
 * opens their queue; "Hand over…" opens their open events in the list, where they can be
 * reassigned in bulk.
 */
export function TeamPage() {
  const now = useNow()
  const phase = useIndexPhase()
  const workload = useIndexWorkload(now)
  const { personName, groupName } = useDirectory()
  const people = [...(workload.data?.people ?? [])].sort(byPressure)
  const groups = [...(workload.data?.groups ?? [])].sort(byPressure)
  return (
    <div className={styles.page}>
      <PageHeader
        title="Team"
        description="Open work per person and per group, from every event of this database."
      />
      {phase === 'too-large' || phase === 'error' ? (
        <p role="status">
          The team’s load needs the event index, which is not available for this database.
        </p>
      ) : !workload.data ? (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            Counting the team’s work…
          </span>
          <Skeleton className={styles.skeleton} />
        </div>
      ) : (
        <>
          <LoadTable
            caption="People"
            who="Person"
            last="Hand over"
            rows={people.map(([id, load]) => ({
              key: id,
              load,
              name: (
                <>
                  <Link to={paths.events.mine(id)}>{personName(id)}</Link>{' '}
                  <span className={styles.id}>{id}</span>
                </>
              ),
              last: (
                <Link
                  to={`${paths.events.list()}?user=${encodeURIComponent(id)}&completed=open`}
                  aria-label={`Hand over ${personName(id)}’s open events`}
                >
                  Hand over…
                </Link>
              ),
            }))}
          />
          <LoadTable
            caption="User groups"
            who="Group"
            unclaimed
            rows={groups.map(([key, load]) => ({
              key: String(key),
              load,
              name: (
                <Link to={`${paths.events.list()}?group=${key}&completed=open`}>
                  {groupName(key)}
                </Link>
              ),
            }))}
          />
        </>
      )}
    </div>
  )
}

interface LoadRow {
  key: string
  /** The row's heading: who it is, linking to their work. */
  name: ReactNode
  load: Load | GroupLoad
  /** The last column's cell, when the table has one (`last`). */
  last?: ReactNode
}

/** Open, (unclaimed,) overdue and due this week per row, most pressing first as given. */
function LoadTable({
  caption,
  who,
  rows,
  unclaimed = false,
  last,
}: {
  caption: string
  /** The first column's heading. */
  who: string
  rows: readonly LoadRow[]
  /** Adds the count no one has claimed (a group's). */
  unclaimed?: boolean
  /** The heading of a last column of actions. */
  last?: string
}) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">{who}</th>
          <th scope="col" className={numeric}>
            Open
          </th>
          {unclaimed && (
            <th scope="col" className={numeric}>
              Unclaimed
            </th>
          )}
          <th scope="col" className={numeric}>
            Overdue
          </th>
          <th scope="col" className={numeric}>
            Due this week
          </th>
          {last && <th scope="col">{last}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, name, load, last: cell }) => (
          <tr key={key}>
            <th scope="row">{name}</th>
            <td className={numeric}>{formatCount(load.open)}</td>
            {unclaimed && (
              <td className={numeric}>{formatCount('unclaimed' in load ? load.unclaimed : 0)}</td>
            )}
            <td className={`${numeric} ${load.overdue ? styles.late : ''}`}>
              {formatCount(load.overdue)}
            </td>
            <td className={numeric}>{formatCount(load.dueThisWeek)}</td>
            {last && <td>{cell}</td>}
          </tr>
        ))}
      </tbody>
    </Table>
  )
}
