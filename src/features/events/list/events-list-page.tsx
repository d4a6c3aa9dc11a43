import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useDatabase } from '@/api/api-context'
import type { Event } from '@/api/schemas/event'
import { ErrorPanel } from '@/components/errors/error-panel'
import { PageHeader } from '@/components/ui/page-header'
import { useRuntimeConfig } from '@/lib/app-context'
import { useEventQueries } from '../queries'
import type { BatchReport } from './bulk/batch-results'
import { describeSort } from './sorting/describe-sort'
import { columnOf } from './columns/events-columns'
import { EventsTable } from './rows/events-table'
import { ListToolbar } from './list-toolbar'
import {
  eventListSearchParams,
  pageIdentity,
  parseEventListSearch,
  readableSearch,
  toggleSort,
  toListParams,
  type EventListSearch,
} from './list-search'
import { useRowSelection } from './rows/use-row-selection'
import styles from './events-list-page.module.css'
import { paths } from '@/lib/paths'

const loadBulkActions = () => import('./bulk/bulk-actions')
const BulkActions = lazy(loadBulkActions)
const NO_ROWS: Event[] = []

/** All events, a page at a time: sort, columns, selection with bulk actions, export, views. */
export function EventsListPage() {
  const queries = useEventQueries()
  const db = useDatabase()
  const { completedStatus } = useRuntimeConfig()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const search = useMemo(() => parseEventListSearch(searchParams), [searchParams])
  const query = useQuery({
    ...queries.list(db, toListParams(search)),
    placeholderData: keepPreviousData,
  })
  const rows = query.data ?? NO_ROWS
  const columns = useMemo(() => search.columns.map(columnOf), [search.columns])
  const selection = useRowSelection(pageIdentity(search), rows)
  const [report, setReport] = useState<BatchReport | null>(null)
  const failedIds = useMemo(
    () => new Set(report?.outcomes.filter((o) => !o.ok).map((o) => o.eventId)),
    [report],
  )
  const count = selection.selectedIds.length

  const go = (params: URLSearchParams) => navigate({ search: readableSearch(params) })
  const update = (next: Partial<EventListSearch>) =>
    go(eventListSearchParams({ ...search, ...next }))
  const selectionToggle = selection.toggle
  const toggle = useCallback(
    (id: number, range: boolean) => {
      void loadBulkActions()
      selectionToggle(id, range)
    },
    [selectionToggle],
  )

  return (
    <div className={styles.page}>
      <PageHeader
        title="Events"
        description="Every event in this database. Tick events to assign, reprioritise or complete them together."
        actions={
          <Link to={paths.events.create()} className={styles.newLink}>
            New event
          </Link>
        }
      />
      <ListToolbar
        search={search}
        rows={rows}
        columns={columns}
        loading={query.isPending || query.isPlaceholderData}
        onUpdate={update}
        onOpenView={go}
      />
      <p role="status" className="visually-hidden">
        {count > 0 ? `${count} of ${rows.length} events selected` : ''}
      </p>
      {(count > 0 || report) && (
        <Suspense fallback={null}>
          <BulkActions
            selected={selection.selectedEvents}
            rows={rows}
            report={report}
            onReport={setReport}
            onFailed={selection.replace}
            onClear={selection.clear}
          />
        </Suspense>
      )}
      {query.isError && !query.data ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <EventsTable
          rows={rows}
          columns={columns}
          sort={search.sort}
          caption={`Events, page ${search.page}, ${rows.length} rows, sorted by ${describeSort(search.sort)}`}
          loading={query.isPending}
          busy={query.isFetching}
          completedStatus={completedStatus}
          isSelected={selection.isSelected}
          failedIds={failedIds}
          allSelected={selection.allSelected}
          someSelected={selection.someSelected}
          onToggle={toggle}
          onToggleAll={(checked) => {
            void loadBulkActions()
            selection.setAll(checked)
          }}
          onSort={(field, additive) =>
            update({ sort: toggleSort(search.sort, field, additive), page: 1 })
          }
        />
      )}
    </div>
  )
}
