import { Link } from 'react-router'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { numeric, Table } from '@/components/ui/table'
import { useDirectory } from '@/lib/directory'
import { formatCount } from '@/lib/format/format'
import { paths } from '@/lib/paths'
import { useIndexPhase, useIndexWorkload } from '../index/use-event-index'
import type { Load } from '../model/workload'
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
          <Table caption="People">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col" className={numeric}>
                  Open
                </th>
                <th scope="col" className={numeric}>
                  Overdue
                </th>
                <th scope="col" className={numeric}>
                  Due this week
                </th>
                <th scope="col">Hand over</th>
              </tr>
            </thead>
            <tbody>
              {people.map(([id, load]) => (
                <tr key={id}>
                  <th scope="row">
                    <Link to={paths.events.mine(id)}>{personName(id)}</Link>{' '}
                    <span className={styles.id}>{id}</span>
                  </th>
                  <td className={numeric}>{formatCount(load.open)}</td>
                  <td className={`${numeric} ${load.overdue ? styles.late : ''}`}>
                    {formatCount(load.overdue)}
                  </td>
                  <td className={numeric}>{formatCount(load.dueThisWeek)}</td>
                  <td>
                    <Link
                      to={`${paths.events.list()}?user=${encodeURIComponent(id)}&completed=open`}
                      aria-label={`Hand over ${personName(id)}’s open events`}
                    >
                      Hand over…
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Table caption="User groups">
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col" className={numeric}>
                  Open
                </th>
                <th scope="col" className={numeric}>
                  Unclaimed
                </th>
                <th scope="col" className={numeric}>
                  Overdue
                </th>
                <th scope="col" className={numeric}>
                  Due this week
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.map(([key, load]) => (
                <tr key={key}>
                  <th scope="row">
                    <Link to={`${paths.events.list()}?group=${key}&completed=open`}>
                      {groupName(key)}
                    </Link>
                  </th>
                  <td className={numeric}>{formatCount(load.open)}</td>
                  <td className={numeric}>{formatCount(load.unclaimed)}</td>
                  <td className={`${numeric} ${load.overdue ? styles.late : ''}`}>
                    {formatCount(load.overdue)}
                  </td>
                  <td className={numeric}>{formatCount(load.dueThisWeek)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </div>
  )
}
