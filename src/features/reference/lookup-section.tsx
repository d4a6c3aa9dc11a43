import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { lookupLists, type LookupName, useLookupQueries } from '@/api/lookups'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { Table } from '@/components/ui/table'
import { Skeleton } from '@/components/ui/skeleton'
import styles from './reference-page.module.css'
import { Problem } from '@/components/ui/problem'

export const sectionId = (name: LookupName) => `list-${name}`

const SKELETON_ROWS = 4

/** One lookup list: its entries' key, display text and description; loads and fails on its own. */
export function LookupSection({ name }: { name: LookupName }) {
  const queries = useLookupQueries()
  const db = useDatabase()
  // One list failing is shown in its section, with a retry; the other lists stay usable.
  const query = useQuery({ ...queries.list(db, name), throwOnError: false })
  const info = lookupLists[name]
  const titleId = `${sectionId(name)}-title`
  const entries = query.data ?? []

  return (
    <section id={sectionId(name)} className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHead}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {info.title}
        </h2>
        <code className={styles.path}>GET {info.path}</code>
        <span className={styles.count}>
          {query.isSuccess
            ? `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`
            : query.isError
              ? 'Not loaded'
              : 'Loading…'}
        </span>
      </div>
      {query.isError ? (
        <Problem
          compact
          cause="load"
          className={styles.problem}
          title={`${info.title} could not be loaded.`}
          activityId={describeError(query.error).activityId}
          actions={
            <Button size="small" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {query.isFetching ? 'Trying…' : `Try ${info.title.toLowerCase()} again`}
            </Button>
          }
        >
          {describeError(query.error).message}
        </Problem>
      ) : (
        <Table frame={false} aria-labelledby={titleId} aria-busy={query.isPending}>
          <thead>
            <tr>
              <th scope="col" className={styles.keyCol}>
                Key <span className={styles.keyType}>({info.keyType})</span>
              </th>
              <th scope="col" className={styles.displayCol}>
                Display
              </th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {query.isPending
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <tr key={i} aria-hidden="true">
                    {[0, 1, 2].map((j) => (
                      <td key={j}>
                        <Skeleton className={styles.skeleton} />
                      </td>
                    ))}
                  </tr>
                ))
              : entries.map((entry) => (
                  <tr key={String(entry.option_Key)}>
                    <td>
                      <code className={styles.key}>{String(entry.option_Key)}</code>
                    </td>
                    <td>{entry.display || <span className={styles.muted}>—</span>}</td>
                    <td>{entry.description || <span className={styles.muted}>—</span>}</td>
                  </tr>
                ))}
            {query.isSuccess && entries.length === 0 && (
              <tr>
                <td colSpan={3} className={styles.muted}>
                  The service returned no entries for this list.
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
    </section>
  )
}
