import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router'
import { searchOf, searchState } from './search-memory'
import { useDatabase } from '@/api/api-context'
import type { Event } from '@/api/schemas/event'
import { ErrorPanel } from '@/components/errors/error-panel'
import { PageHeader } from '@/components/ui/page-header'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { formatCount } from '@/lib/format/format'
import { eventIndexOf } from '@/lib/runtime-config'
import { useEventQueries } from '../queries'
import { IndexGapsNote } from '../index/gaps-note'
import { useAskIndex, useIndexFacets, useIndexPhase, useIndexQuery } from '../index/use-event-index'
import type { QueryRequest } from '../index/protocol'
import { useLookup } from '../use-lookup'
import { useNow } from '../use-now'
import { Button } from '@/components/ui/button'
import { FilterBar } from './filters/filter-bar'
import { IndexStatus } from './filters/index-status'
import {
  activeFilterCount,
  EMPTY_FILTER,
  toIndexFilter,
  usableFilter,
  type FilterUser,
} from './filters/list-filter'
import { useTriageKeys } from '../triage/use-triage-keys'
import { IdleBulkBar } from './bulk/idle-bulk-bar'
import { useBulkReport, useBulkRunning } from './bulk/bulk-store'
import { useIndexClient } from '../index/event-index-provider'
import { describeSort } from './sorting/describe-sort'
import { columnOf } from './columns/events-columns'
import { EventsTable } from './rows/events-table'
import { RowTeamProvider } from './rows/row-team'
import { ListToolbar } from './list-toolbar'
import {
  eventListSearchParams,
  matchIdentity,
  parseEventListSearch,
  readableSearch,
  toggleSort,
  toListParams,
  type EventListSearch,
} from './list-search'
import { useRowSelection } from './rows/use-row-selection'
import { useStableRows } from './rows/use-stable-rows'
import { useHandler } from '../use-handler'
import { useLateFlag } from '@/lib/use-late-flag'
import { useFocusKeptIn } from '@/lib/keep-focus'
import styles from './events-list-page.module.css'
import { paths } from '@/lib/paths'

// The shortcuts' list loads when `?` first asks for it, not with the page.
const ShortcutsDialog = lazy(() =>
  import('../triage/shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
)

/** The snooze choices of `s`, loaded when first asked for. */
const SnoozeChooser = lazy(() =>
  import('../triage/snooze-chooser').then((m) => ({ default: m.SnoozeChooser })),
)

const loadBulkActions = () => import('./bulk/bulk-actions')
const BulkActions = lazy(loadBulkActions)
const NO_ROWS: Event[] = []
const NO_PRIORITIES: never[] = []
const MINUTE = 60_000
/** The address follows the list's changes once they pause this long. */
const WRITE_PAUSE_MS = 150

/** What the index is asked for the list: its filter with the typed text, order and page. */
function indexRequestOf(
  search: EventListSearch,
  text: string,
  me: FilterUser,
  now: number,
): QueryRequest {
  return {
    filter: toIndexFilter(usableFilter(search.filter, me), text, me),
    sort: search.sort.map((s) => ({ field: s.field, dir: s.direction })),
    now,
    offset: (search.page - 1) * search.size,
    limit: search.size,
  }
}

/**
 * All events: filtered, searched, counted and sorted by the event index once it is ready (the
 * service's own pages and order until then); columns, selection with bulk actions, export, views.
 */
export function EventsListPage() {
  const queries = useEventQueries()
  const db = useDatabase()
  const config = useRuntimeConfig()
  const { completedStatus } = config
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  // The free text is in neither the address nor the history entry (it may name a member): the
  // entry holds a reference to it in this page's memory (`search-memory.ts`); read when the page
  // opens (Back restores it), typed into local state, written back shortly after.
  const [text, setTextNow] = useState(() => searchOf(location.state))
  const fromAddress = useMemo(() => parseEventListSearch(searchParams), [searchParams])
  // A change (a filter, the sort, a page) is asked of the index and drawn at once, from this
  // state; the address follows once changes pause (`writeAddress`). Any other address (Back, a
  // link) is read as it comes.
  const [pending, setPending] = useState<{
    /** The address when the first of the changes not yet written was made. */
    from: URLSearchParams
    search: EventListSearch
    /** The addresses of those changes, in order. */
    via: readonly string[]
    /** They are being written: passing through them is on the way to this one. */
    writing: boolean
  } | null>(null)
  const address = useMemo(() => eventListSearchParams(fromAddress).toString(), [fromAddress])
  // Once the address has it, the same object is kept: nothing memoised on it is drawn again.
  const caughtUp = useMemo(
    () => pending !== null && eventListSearchParams(pending.search).toString() === address,
    [pending, address],
  )
  const onTheWay =
    pending !== null &&
    (pending.from === searchParams || (pending.writing && pending.via.includes(address)))
  const search = pending && (onTheWay || caughtUp) ? pending.search : fromAddress
  const me = useCurrentUser()
  const index = useIndexClient()
  // "One of my groups" only when the token names the user's groups.
  const filter = useMemo(() => usableFilter(search.filter, me), [search.filter, me])
  const indexed = useIndexPhase() === 'ready'
  const minute = Math.floor(useNow().getTime() / MINUTE) * MINUTE
  const request = useMemo(
    () => indexRequestOf(search, text, me, minute),
    [search, text, minute, me],
  )
  const fromIndex = useIndexQuery(indexed ? request : null)
  // A change is asked of the index as it is made, before the page draws it.
  const ask = useAskIndex()
  const facets = useIndexFacets()
  const priorities = useLookup('priorities').data ?? NO_PRIORITIES
  // With the console's server answering, the list waits the moment its client takes (until the
  // priorities are known) rather than ask the service for a page: the service would sort the
  // whole plan for it (0.7 s at 1,000,000 events), and the server's check of a new session, which
  // every first request waits on, would queue behind it there.
  const fromServer = eventIndexOf(config) === 'server'
  const query = useQuery({
    ...queries.list(db, toListParams(search)),
    placeholderData: keepPreviousData,
    enabled: !indexed && !fromServer,
  })
  // The service's page stays on screen until the index's first answer replaces it; once the
  // index is asked, its refusal (a question the console's server does not read) is what shows,
  // never the service's page of before as if it answered.
  const fromIndexData = indexed ? fromIndex.data : undefined
  const indexFailed = indexed && fromIndex.isError && !fromIndexData
  const active = fromIndexData || indexFailed ? fromIndex : query
  // Each answer's events are new objects: unchanged ones are kept, so unchanged rows are not drawn
  // again (and the index's first answer reuses the service page's rows).
  // The previous answer stays while the next comes: shown as busy only when it is slow to come
  // (the index answers most changes within a frame or two; nothing should flash meanwhile).
  const waiting = useLateFlag(active.isPlaceholderData)
  const fetching = useLateFlag(active.isFetching)
  const recounting = useLateFlag(fromIndex.isPlaceholderData)
  const rows = useStableRows(
    (fromIndexData ? fromIndexData.rows : indexFailed ? NO_ROWS : query.data?.records) ?? NO_ROWS,
  )
  const rowIds = useMemo(() => rows.map((r) => r.event_ID), [rows])
  const total = fromIndexData?.total ?? null
  const columns = useMemo(() => search.columns.map(columnOf), [search.columns])
  // Paging and sorting keep the selection (event IDs); another filter or search starts afresh.
  const selection = useRowSelection(matchIdentity(search, text), rows)
  // Not the progress: only the bar follows it, so the page does not re-render per batch.
  const report = useBulkReport()
  const bulkRunning = useBulkRunning()
  const failedIds = useMemo(
    () => new Set(report?.outcomes.filter((o) => !o.ok).map((o) => o.eventId)),
    [report],
  )
  const count = selection.count
  /** Every match of the filter, asked of the index's worker as IDs (never the events). */
  const selectMatching = () => {
    if (!index || !indexed) return
    const setMatching = selection.setMatching
    void index.ids(request.filter, request.now).then(setMatching, () => undefined)
  }

  const go = (params: URLSearchParams) =>
    navigate({ search: readableSearch(params) }, { state: searchState(text) })
  // Typed text reaches the history entry shortly after typing stops, or when the box is left;
  // never over a navigation already under way (to an event just clicked, say).
  const navigation = useNavigation()
  const navigating = useRef(false)
  // The bulk bar turns into a change's progress, then its results, then (dismissed, nothing
  // ticked) the idle bar: focus goes with it (Stop, the results, the page), never to the body.
  const bulkHolder = useRef<HTMLDivElement>(null)
  useFocusKeptIn(bulkHolder)
  useEffect(() => {
    navigating.current = navigation.state !== 'idle'
  }, [navigation.state])
  const writeText = useRef<{ timer: ReturnType<typeof setTimeout>; q: string } | null>(null)
  const flushText = () => {
    const pending = writeText.current
    if (!pending) return
    clearTimeout(pending.timer)
    writeText.current = null
    if (navigating.current) return
    // The address as it is then (a filter may have changed meanwhile), with the text beside it.
    navigate({ search: window.location.search }, { replace: true, state: searchState(pending.q) })
  }
  useEffect(() => () => clearTimeout(writeText.current?.timer), [])
  const setText = (q: string) => {
    // A new search starts on the first page.
    if (search.page !== 1) update({ page: 1 }, q)
    else ask(indexRequestOf(search, q, me, minute))
    setTextNow(q)
    clearTimeout(writeText.current?.timer)
    writeText.current = { q, timer: setTimeout(flushText, 600) }
  }
  /**
   * Writes each change to the address, a history entry of its own and in the order made, once
   * changes pause (`WRITE_PAUSE_MS`): the router's navigation draws the whole app again, work
   * that would otherwise hold up the next change's answer. Not once the page is left, or the
   * address moved meanwhile (Back): the entries are then no longer next to it.
   */
  const toWrite = useRef<{
    at: string
    entries: { params: URLSearchParams; state: { qRef: string } | null }[]
    timer?: ReturnType<typeof setTimeout>
  }>({ at: '', entries: [] })
  useEffect(() => {
    const queue = toWrite.current
    return () => {
      clearTimeout(queue.timer)
      queue.entries = []
    }
  }, [])
  const writeQueued = async () => {
    const queue = toWrite.current
    const entries = queue.entries.splice(0)
    if (entries.length === 0 || window.location.href !== queue.at) return
    setPending((p) => p && { ...p, writing: true })
    for (const { params, state } of entries) {
      if (window.location.href !== queue.at) break
      await navigate({ search: readableSearch(params) }, { state })
      queue.at = window.location.href
    }
    setPending((p) => p && { ...p, via: [], writing: false })
  }
  const writeAddress = (params: URLSearchParams) => {
    const queue = toWrite.current
    if (queue.entries.length === 0) queue.at = window.location.href
    queue.entries.push({ params, state: searchState(text) })
    clearTimeout(queue.timer)
    queue.timer = setTimeout(() => void writeQueued(), WRITE_PAUSE_MS)
  }
  const update = (next: Partial<EventListSearch>, typed = text) => {
    const changed = { ...search, ...next }
    const params = eventListSearchParams(changed)
    ask(indexRequestOf(changed, typed, me, minute))
    // Changes not yet written are written with this one.
    const earlier = pending?.from === searchParams ? pending : null
    setPending({
      from: earlier?.from ?? searchParams,
      search: changed,
      via: [...(earlier?.via ?? []), params.toString()],
      writing: false,
    })
    writeAddress(params)
  }
  // The filter bar is memoised: its handlers keep their identity across the page's renders.
  const onFilter = useHandler((filter: EventListSearch['filter']) => update({ filter, page: 1 }))
  const onText = useHandler(setText)
  const onTextDone = useHandler(flushText)
  const onClear = useHandler(() => {
    setText('')
    update({ filter: EMPTY_FILTER, page: 1 })
  })
  const {
    attach: attachTriage,
    helpOpen,
    closeHelp,
    snoozeChoice,
  } = useTriageKeys(
    (id) => rows.find((e) => e.event_ID === id),
    (id, extend) => selection.toggle(id, extend),
  )
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
        description="Every event in this database, the most pressing first. Tick events (on any page, or every match of the filters) to assign, reprioritise, snooze, reschedule or complete them together."
        actions={
          <Link to={paths.events.create()} className={styles.newLink}>
            New event
          </Link>
        }
      />
      <FilterBar
        filter={filter}
        text={text}
        facets={facets.data ?? null}
        priorities={priorities}
        disabled={!indexed}
        onChange={onFilter}
        onText={onText}
        onTextDone={onTextDone}
        onClear={onClear}
      />
      <IndexStatus total={total} filtered={recounting} failed={indexFailed} />
      <IndexGapsNote also={indexed ? undefined : query.data?.unreadable} />
      <ListToolbar
        search={search}
        rows={rows}
        total={total}
        exportAll={indexed ? request : null}
        columns={columns}
        priorities={priorities}
        loading={active.isPending || waiting}
        onUpdate={update}
        onOpenView={go}
      />
      <p role="status" className="visually-hidden">
        {count === 0
          ? ''
          : selection.allMatching
            ? `All ${count} matching events selected`
            : count === selection.onPage
              ? `${count} of ${rows.length} events selected`
              : `${count} events selected, ${selection.onPage} of them on this page`}
      </p>
      <div ref={bulkHolder} className={styles.bulkHolder}>
        {count === 0 && !report && !bulkRunning ? (
          <IdleBulkBar />
        ) : (
          <Suspense fallback={<IdleBulkBar />}>
            <BulkActions
              selection={selection}
              total={total}
              rows={rows}
              onSelectMatching={selectMatching}
              onLeftSelected={selection.replace}
              onClear={selection.clear}
            />
          </Suspense>
        )}
      </div>
      <div ref={attachTriage} className={styles.tableArea}>
        {active.isError && !active.data ? (
          <ErrorPanel error={active.error} onRetry={() => void active.refetch()} />
        ) : (
          <RowTeamProvider ids={rowIds}>
            <EventsTable
              rows={rows}
              columns={columns}
              pageSize={search.size}
              sort={search.sort}
              caption={`Events, page ${formatCount(search.page)}, ${formatCount(rows.length)} rows${total !== null ? ` of ${formatCount(total)} matching` : ''}, sorted by ${describeSort(search.sort)}`}
              loading={active.isPending && !active.data}
              busy={active.isPending || fetching}
              completedStatus={completedStatus}
              isSelected={selection.isSelected}
              failedIds={failedIds}
              allSelected={selection.allOnPage}
              someSelected={selection.someOnPage}
              onToggle={toggle}
              onToggleAll={(checked) => {
                void loadBulkActions()
                selection.setPage(checked)
              }}
              onSort={(field, additive) =>
                update({ sort: toggleSort(search.sort, field, additive), page: 1 })
              }
              empty={
                search.page > 1 && total !== 0 ? (
                  <p>
                    No events on this page: the list is shorter than it was.{' '}
                    <Button size="small" variant="ghost" onClick={() => update({ page: 1 })}>
                      Go to the first page
                    </Button>
                  </p>
                ) : activeFilterCount(filter) > 0 || text.trim() ? (
                  <p>
                    No events match these filters.{' '}
                    <Button size="small" variant="ghost" onClick={onClear}>
                      Clear filters
                    </Button>
                  </p>
                ) : (
                  <p>There are no events in this database yet.</p>
                )
              }
            />
          </RowTeamProvider>
        )}
      </div>
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
