import { byLocale, clockOptions } from '@/lib/format/format'
import { Table } from '@/components/ui/table'
import { outcomeTone, type KickOutcomeKind } from './kick-outcome'
import type { SessionAction } from './action-log'
import styles from './action-log-table.module.css'

const timeFormat = byLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      day: 'numeric',
      month: 'short',
      ...clockOptions(l),
      second: '2-digit',
    }),
)

const toneClass = (kind: string) => styles[outcomeTone(kind as KickOutcomeKind)] ?? ''

const TEXTS = {
  tab: {
    title: 'Actions taken in this browser session',
    note: 'Kept in this tab until it closes. Quote the activity ID when you contact support.',
    empty: 'No sessions have been ended from this tab yet.',
  },
  server: {
    title: 'Sessions ended by administrators',
    note: 'From the console server’s audit record: every administrator’s, newest first. Quote the activity ID when you contact support.',
    empty: 'No administrator has ended a session yet.',
  },
}

/**
 * The sessions ended and who ended them: who, when, what, result, activity. `tab`: those of this
 * browser session (without the console server); `server`: every administrator's, from its audit.
 */
export function ActionLogTable({
  actions,
  source,
  state = 'ready',
}: {
  actions: SessionAction[]
  source: 'tab' | 'server'
  state?: 'loading' | 'failed' | 'ready'
}) {
  const texts = TEXTS[source]
  return (
    <section className={styles.section} aria-labelledby="session-actions-title">
      <div className={styles.heading}>
        <h2 id="session-actions-title" className={styles.title}>
          {texts.title}
        </h2>
        <p className={styles.note}>{texts.note}</p>
      </div>
      {state === 'loading' ? (
        <p className={styles.empty}>Reading the record…</p>
      ) : state === 'failed' ? (
        <p className={styles.empty} role="status">
          The record could not be read.
        </p>
      ) : actions.length === 0 ? (
        <p className={styles.empty}>{texts.empty}</p>
      ) : (
        <Table aria-labelledby="session-actions-title">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Result</th>
              <th scope="col">Activity ID</th>
            </tr>
          </thead>
          <tbody>
            {actions.map((entry) => (
              <tr key={entry.id}>
                <td className={styles.nowrap}>
                  <time dateTime={new Date(entry.at).toISOString()}>
                    {timeFormat().format(entry.at)}
                  </time>
                </td>
                <td className={styles.nowrap}>
                  {entry.actorName}
                  <span className={styles.muted}> ({entry.actorId})</span>
                </td>
                <td>{entry.action}</td>
                <td>
                  <span className={`${styles.result} ${toneClass(entry.outcome)}`}>
                    {entry.result}
                  </span>
                </td>
                <td>
                  {entry.activityId ? (
                    <code className={styles.code}>{entry.activityId}</code>
                  ) : (
                    <span className={styles.muted}>Not returned</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  )
}
