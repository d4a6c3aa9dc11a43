import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { dbKey } from '@/api/query-keys'
import { listSessionsSeen } from '@/api/sessions-seen'
import { Button } from '@/components/ui/button'
import { Table, numeric } from '@/components/ui/table'
import { formatDayAndClock } from '@/lib/format/format'
import { formatRelative } from '@/lib/relative-date'
import styles from './action-log-table.module.css'

/** How often the list is read again while the page is open. */
const REFRESH_MS = 15_000

export const signedInKey = (db: string) => [...dbKey(db), 'admin', 'signed-in'] as const

const when = (text: string | null) =>
  text === null ? (
    <span className={styles.muted}>None</span>
  ) : (
    <time dateTime={text} title={formatDayAndClock(new Date(text))}>
      {formatRelative(new Date(text), new Date())}
    </time>
  )

/**
 * Who is signed in through the console server: user, database, since when, last seen, last
 * change, open tabs; each with a way to end their session (the card above confirms it).
 */
export function SignedInTable({
  consoleServer,
  onEnd,
}: {
  consoleServer: string
  onEnd: (userId: string) => void
}) {
  const api = useApi()
  const db = useDatabase()
  const server = useMemo(() => api.at(consoleServer), [api, consoleServer])
  const list = useQuery({
    queryKey: signedInKey(db),
    queryFn: ({ signal }) => listSessionsSeen(server, { signal, database: db }),
    refetchInterval: REFRESH_MS,
    gcTime: 0,
  })
  return (
    <section className={styles.section} aria-labelledby="signed-in-title">
      <div className={styles.heading}>
        <h2 id="signed-in-title" className={styles.title}>
          Signed in through the console
        </h2>
        <p className={styles.note}>
          Sessions the console’s server has seen and that have not ended, most recently seen first.
          Someone signed in to the service by another route is not here.
        </p>
      </div>
      {list.isPending ? (
        <p className={styles.empty}>Reading the sessions…</p>
      ) : list.isError ? (
        <p className={styles.empty} role="status">
          The sessions could not be read.
        </p>
      ) : list.data.length === 0 ? (
        <p className={styles.empty}>Nobody is signed in through the console.</p>
      ) : (
        <Table aria-labelledby="signed-in-title">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Database</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last seen</th>
              <th scope="col">Last change</th>
              <th scope="col" className={numeric}>
                Open tabs
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((s, i) => (
              <tr key={`${s.userId}-${s.signedInAt}-${i}`}>
                <th scope="row" className={styles.nowrap}>
                  {s.userName ?? s.userId}
                  {s.userName && <span className={styles.muted}> ({s.userId})</span>}
                </th>
                <td>{s.database}</td>
                <td className={styles.nowrap}>{when(s.signedInAt)}</td>
                <td className={styles.nowrap}>{when(s.lastSeenAt)}</td>
                <td className={styles.nowrap}>{when(s.lastChangeAt)}</td>
                <td className={numeric}>{s.openTabs}</td>
                <td>
                  <Button size="small" onClick={() => onEnd(s.userId)}>
                    End session of {s.userId}…
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  )
}
