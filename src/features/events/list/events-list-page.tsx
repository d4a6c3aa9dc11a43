import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { useApi, useDatabase } from '@/api/api-context'
import { ErrorPanel } from '@/components/errors/error-panel'
import { Button } from '@/components/ui/button'
import { eventQueries } from '../queries'
import { eventColumns } from './events-columns'
import {
  eventListSearchParams,
  PAGE_SIZES,
  parseEventListSearch,
  toggleSort,
  toListParams,
  type EventListSearch,
} from './list-search'
import styles from './events-list-page.module.css'

export function EventsListPage() {
  const api = useApi()
  const db = useDatabase()
  const [searchParams, setSearchParams] = useSearchParams()
  const search = parseEventListSearch(searchParams)
  const query = useQuery({
    ...eventQueries.list(api, db, toListParams(search)),
    placeholderData: keepPreviousData,
  })
  const update = (next: Partial<EventListSearch>) =>
    setSearchParams(eventListSearchParams({ ...search, ...next }))
  const rows = query.data ?? []
  const hasNext = rows.length === search.size

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <h1 className={styles.title}>Events</h1>
        <div className={styles.pager}>
          <label className={styles.pageSize}>
            Rows per page
            <select
              value={search.size}
              onChange={(e) => update({ size: Number(e.target.value), page: 1 })}
            >
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <Button
            size="small"
            aria-label="Previous page"
            disabled={search.page <= 1}
            onClick={() => update({ page: search.page - 1 })}
          >
            Previous
          </Button>
          <span aria-live="polite">Page {search.page}</span>
          <Button
            size="small"
            aria-label="Next page"
            disabled={!hasNext || query.isPlaceholderData}
            onClick={() => update({ page: search.page + 1 })}
          >
            Next
          </Button>
        </div>
      </div>

      {query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-busy={query.isFetching}>
            <caption className="visually-hidden">
              Events, page {search.page}, sorted by{' '}
              {search.sort.map((s) => `${s.field} ${s.direction}`).join(', ')}
            </caption>
            <thead>
              <tr>
                {eventColumns.map((column) => {
                  const index = search.sort.findIndex((s) => s.field === column.field)
                  const sorted = search.sort[index]
                  return (
                    <th
                      key={column.field}
                      scope="col"
                      aria-sort={
                        index === 0 && sorted
                          ? sorted.direction === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                    >
                      <button
                        type="button"
                        className={styles.sortButton}
                        title="Sort; Shift+click adds a later sort key"
                        onClick={(e) =>
                          update({
                            sort: toggleSort(search.sort, column.field, e.shiftKey),
                            page: 1,
                          })
                        }
                      >
                        {column.label}
                        {sorted && (
                          <span aria-hidden="true">
                            {sorted.direction === 'asc' ? '▲' : '▼'}
                            {search.sort.length > 1 ? index + 1 : ''}
                          </span>
                        )}
                      </button>
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody>
              {query.isPending
                ? Array.from({ length: 8 }, (_, i) => (
                    <tr key={i}>
                      {eventColumns.map((c) => (
                        <td key={c.field}>
                          <div className={styles.skeleton} />
                        </td>
                      ))}
                    </tr>
                  ))
                : rows.map((event) => (
                    <tr key={event.event_ID}>
                      {eventColumns.map((c) => (
                        <td
                          key={c.field}
                          className={c.field === 'subject' ? styles.subject : undefined}
                        >
                          {c.render(event)}
                        </td>
                      ))}
                    </tr>
                  ))}
            </tbody>
          </table>
          {!query.isPending && rows.length === 0 && (
            <p className={styles.empty}>No events on this page.</p>
          )}
        </div>
      )}
    </div>
  )
}
