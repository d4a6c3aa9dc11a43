import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { getHistory, type HistoryChange } from '@/api/history'
import { dbKey } from '@/api/query-keys'
import { useRuntimeConfig } from '@/lib/app-context'
import { useDirectory } from '@/lib/directory'
import { formatDayAndClock } from '@/lib/format/format'
import styles from './record-history.module.css'

/** Fields every change moves: saying them again tells nothing. */
const STAMPS = new Set(['update_Date', 'update_User'])

/** `due_Date` → `Due date`: a field's name as words. */
const words = (field: string) => {
  const text = field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? 'empty'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

/**
 * A record's history, newest first, from the console server: each change made through the
 * console with who made it and each field before → after; each change met in the service past
 * the console, marked so, with who the service says made it and when it was seen. Read again
 * whenever the record changes (`version`). Shown only with the console server.
 */
export function RecordHistory({
  kind,
  id,
  version,
}: {
  kind: 'event' | 'auth'
  id: string
  /** Anything that changes when the record does (its update date). */
  version: string | null | undefined
}) {
  const { consoleServer } = useRuntimeConfig()
  if (consoleServer === undefined) return null
  return <HistoryList kind={kind} id={id} version={version} consoleServer={consoleServer} />
}

function HistoryList({
  kind,
  id,
  version,
  consoleServer,
}: {
  kind: 'event' | 'auth'
  id: string
  version: string | null | undefined
  consoleServer: string
}) {
  const api = useApi()
  const db = useDatabase()
  const server = useMemo(() => api.at(consoleServer), [api, consoleServer])
  const history = useQuery({
    queryKey: [...dbKey(db), 'history', kind, id, version ?? null],
    queryFn: ({ signal }) => getHistory(server, kind, id, { signal, database: db }),
    gcTime: 0,
    throwOnError: false,
  })
  const titleId = `history-${kind}-${id}`
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        History
      </h2>
      {history.isPending ? (
        <p className={styles.muted}>Reading the history…</p>
      ) : history.isError ? (
        <p className={styles.muted} role="status">
          The history could not be read.
        </p>
      ) : history.data.length === 0 ? (
        <p className={styles.muted}>No changes recorded since the console began keeping them.</p>
      ) : (
        <ol className={styles.list}>
          {history.data.map((change) => (
            <HistoryItem key={change.id} change={change} />
          ))}
        </ol>
      )}
    </section>
  )
}

/** What a change through the console did: created the record, deleted it, or changed it. */
function verb(change: HistoryChange, fields: [string, { before: unknown; after: unknown }][]) {
  if (change.operation.startsWith('DELETE')) return 'deleted it'
  const created =
    fields.length > 0 && fields.every(([, { before }]) => before === null || before === undefined)
  return created && change.operation.startsWith('POST') ? 'created it' : 'changed'
}

function HistoryItem({ change }: { change: HistoryChange }) {
  const { personLabel } = useDirectory()
  const outside = change.through === 'service'
  const fields = Object.entries(change.fields).filter(([field]) => !STAMPS.has(field))
  const when = <time dateTime={change.at}>{formatDayAndClock(new Date(change.at))}</time>
  return (
    <li className={`${styles.item} ${outside ? styles.outside : ''}`}>
      <p className={styles.line}>
        {outside ? (
          <>
            <strong>
              {change.operation === 'created outside the console'
                ? 'Created outside the console'
                : 'Changed outside the console'}
            </strong>
            {change.userId && <> by {personLabel(change.userId)} (as the service says)</>}
            <span className={styles.muted}> · seen {when}</span>
          </>
        ) : (
          <>
            <strong>
              {change.userName ?? (change.userId ? personLabel(change.userId) : 'Someone')}
            </strong>{' '}
            {verb(change, fields)}
            <span className={styles.muted}> · {when}</span>
          </>
        )}
      </p>
      {fields.length > 0 && (
        <ul className={styles.fields}>
          {fields.map(([field, { before, after }]) => (
            <li key={field}>
              {words(field)}: <span className={styles.muted}>{shown(before)}</span> → {shown(after)}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
