import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { useRuntimeConfig } from '@/lib/app-context'
import { paths } from '@/lib/paths'
import { IndexGapsNote } from '../index/gaps-note'
import { useIndexFacets } from '../index/use-event-index'
import { dayStartMs } from '../model/days'
import { overlaps, placeEvent } from '../model/placement'
import { useLookup } from '../use-lookup'
import { useHandler } from '../use-handler'
import { useNow } from '../use-now'
import { CalendarFilterBar } from './calendar-filter-bar'
import { activeFilterCount, calendarFilter } from './calendar-filters'
import { formatDay, parseDay, visibleRange } from './calendar-dates'
import { describeDay } from './calendar-event-input'
import { CalendarToolbar } from './calendar-toolbar'
import { DayListPanel } from './day-list-panel'
import { EventSidePanel } from './event-side-panel'
import type { DayEntry } from './full-calendar-options'
import type { CalendarChange, FocusRequest } from './full-calendar-view'
import { LoadProgress } from './load-progress'
import type { MoveDelta } from './move'
import { useCalendarDigest, useDayList, useIndexEvents } from './use-calendar-digest'
import { useCalendarModel } from './use-calendar-model'
import { useCalendarMove } from './use-calendar-move'
import { useCalendarSearch } from './use-calendar-search'
import styles from './calendar-page.module.css'

/** FullCalendar (about 85 kB gzip): the route starts it with the events; the page never waits. */
export const loadFullCalendar = () => import('./full-calendar-view')

const FullCalendarView = lazy(() =>
  loadFullCalendar().then((m) => ({ default: m.FullCalendarView })),
)

const NO_PRIORITIES: StringOption[] = []
const MINUTE = 60_000
/** How long the grid waits for a view's answer before it moves without it. */
const GRID_WAIT_MS = 300

/** The day's list beside the calendar: which day, how it was opened, what to focus in it. */
interface DayListState {
  day: string
  from: DayEntry | 'move'
  focus: { eventId: number; at: number } | null
}

/** A keyboard move waiting for the worker to say whether the event is drawn where it went. */
interface PendingMove {
  eventId: number
  /** Where the move put it (wall-clock ms): an answer placing it elsewhere is older. */
  start: number
}

/**
 * `/events/calendar`: every event by date in month, week, day and agenda views. Each day says
 * what it holds (events, urgent, overdue, due), draws its most pressing few, and lists the rest
 * in the day's list; the view, date and filters live in the URL; click an event for its details
 * and actions; drag it, or focus it and press Alt+Arrow, to move it.
 */
export function CalendarPage() {
  const { completedStatus } = useRuntimeConfig()
  const { search, update, defaults } = useCalendarSearch()
  const priorities = useLookup('priorities').data ?? NO_PRIORITIES
  const now = Math.floor(useNow().getTime() / MINUTE) * MINUTE
  const filter = useMemo(() => calendarFilter(search), [search])
  const [pending, setPending] = useState<PendingMove | null>(null)
  const data = useCalendarDigest({
    view: search.view,
    date: search.date,
    place: search.place,
    filter,
    now,
    locate: pending?.eventId,
  })
  // The users, groups and statuses in use, for the filter menus (the view holds only some).
  const facets = useIndexFacets().data
  const model = useCalendarModel({
    answer: data.answer,
    search,
    me: defaults.me,
    priorities,
    completedStatus,
    known: facets,
  })
  const range = visibleRange(search.view, search.date)
  // The grid moves with its events: to a new view or date once that answer is in (the toolbar
  // says where the user is going at once), so it is drawn once, not once empty and once full;
  // when the answer is slow (a range still to be read), after a moment, so it never lags far.
  const [grid, setGrid] = useState({ view: search.view, date: search.date })
  const moving = search.view !== grid.view || formatDay(search.date) !== formatDay(grid.date)
  if (moving && data.current) setGrid({ view: search.view, date: search.date })
  useEffect(() => {
    if (!moving) return
    const id = setTimeout(() => setGrid({ view: search.view, date: search.date }), GRID_WAIT_MS)
    return () => clearTimeout(id)
  }, [moving, search.view, search.date])
  const [selected, setSelected] = useState<Event | null>(null)
  const [dayList, setDayList] = useState<DayListState | null>(null)
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const move = useCalendarMove({ place: search.place, announce: setAnnouncement })
  const list = useDayList(dayList?.day ?? null, { place: search.place, filter, now })
  // The selected event as the index holds it now (moved, edited), else as it was chosen.
  const fresh = useIndexEvents(selected ? [selected.event_ID] : [])
  const current = selected ? (fresh.data?.get(selected.event_ID) ?? selected) : null

  const find = (eventId: number) =>
    model.byId.get(eventId) ??
    list.data?.rows.find((r) => r.event.event_ID === eventId)?.event ??
    (current?.event_ID === eventId ? current : undefined)

  /**
   * Moves an event; keeps it in view (the date follows it). From the keyboard, focus stays on it:
   * in the calendar, or in its day's list when it lands where it is not drawn (a crowded day);
   * from the day's list, the list follows it to its new day.
   */
  const moveEvent = (eventId: number, delta: MoveDelta, change?: CalendarChange | 'list') => {
    const event = find(eventId)
    if (!event) return false
    const after = move({
      event,
      delta,
      edge: change && change !== 'list' ? change.edge : 'both',
      onRefused: change && change !== 'list' ? change.revert : undefined,
    })
    if (!after) return false
    if (!overlaps(after, range)) update({ date: after.start })
    const at = Date.now()
    if (change === 'list')
      setDayList({ day: formatDay(after.start), from: 'move', focus: { eventId, at } })
    else if (change?.via === 'keyboard') {
      setFocusRequest({ eventId, at })
      setPending({ eventId, start: after.start.getTime() })
    }
    return true
  }

  // A keyboard move onto a day where the event is not drawn: its day's list opens with the
  // event focused, and says so.
  const located = data.answer?.located
  useEffect(() => {
    if (!pending || located === undefined) return
    if (located === null || located.placement.start !== pending.start) return
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the worker's answer decides
    setPending(null)
    if (located.drawn) return
    const day = formatDay(new Date(located.placement.start))
    setDayList({ day, from: 'move', focus: { eventId: pending.eventId, at: Date.now() } })
    setSelected(null)
    const summary = model.days.get(dayStartMs(new Date(located.placement.start)))
    setAnnouncement(
      (said) =>
        `${said.replace(/\.?$/, '.')} It is in the list of that day${summary ? ` (${describeDay(summary)})` : ''}.`,
    )
  }, [pending, located, model.days])

  const openDay = (day: string, from: DayEntry) => {
    setSelected(null)
    setDayList({ day, from, focus: null })
  }
  // Focus goes back to what opened the list: the day's entry, or the event moved from the
  // keyboard (its day's summary when it is not drawn).
  const closeDayList = () => {
    if (!dayList) return
    const at = Date.now()
    const moved = dayList.from === 'move' ? dayList.focus?.eventId : undefined
    if (moved !== undefined && model.byId.has(moved)) setFocusRequest({ eventId: moved, at })
    else
      setFocusRequest({
        day: dayList.day,
        entry: dayList.from === 'move' ? 'summary' : dayList.from,
        at,
      })
    setDayList(null)
  }
  const closeEvent = () => {
    if (current && dayList)
      setDayList({ ...dayList, focus: { eventId: current.event_ID, at: Date.now() } })
    else if (current) setFocusRequest({ eventId: current.event_ID, at: Date.now() })
    setSelected(null)
  }
  const listDay = dayList ? parseDay(dayList.day) : null
  // The grid is memoised: its handlers keep their identity, so only its view, date and events
  // draw it again (not the index's progress, or a panel opening).
  const onOpen = useHandler((id: number) => {
    const event = find(id)
    if (event) setSelected(event)
  })
  const onOpenDay = useHandler(openDay)
  const onChange = useHandler((c: CalendarChange) => moveEvent(c.eventId, c.delta, c))

  return (
    <div className={styles.page}>
      <PageHeader
        title="Calendar"
        description="Events by date, the most pressing first. Drag one to move it, or focus it and press Alt with an arrow key."
        actions={
          <ButtonLink to={paths.events.create()} variant="primary">
            New event
          </ButtonLink>
        }
      />
      <CalendarToolbar search={search} today={defaults.today} onChange={update} />
      <CalendarFilterBar
        search={search}
        me={defaults.me}
        choices={model.choices}
        priorities={priorities}
        activeCount={activeFilterCount(search, defaults.me)}
        onChange={update}
        onReset={() =>
          update({
            user: defaults.me,
            group: null,
            priority: null,
            status: null,
            showCompleted: true,
          })
        }
      />
      <LoadProgress
        loading={data.loading}
        indexing={data.indexing}
        error={data.error}
        onRetry={data.retry}
        shown={data.answer?.placed ?? 0}
        unplaced={data.answer?.unplaced ?? 0}
        lacking={search.place === 'reminder' ? 'next reminder' : 'date'}
      />
      <IndexGapsNote />
      <div className={current || dayList ? `${styles.body} ${styles.withPanel}` : styles.body}>
        <section className={styles.calendar} aria-label="Calendar">
          <Suspense fallback={<div className={styles.skeleton}>Loading the calendar…</div>}>
            <FullCalendarView
              view={grid.view}
              date={grid.date}
              events={model.inputs}
              onOpen={onOpen}
              onOpenDay={onOpenDay}
              onChange={onChange}
              focusRequest={focusRequest}
            />
          </Suspense>
        </section>
        {current ? (
          <EventSidePanel
            key={current.event_ID}
            event={current}
            view={search.view}
            placed={placeEvent(current, search.place, completedStatus)}
            priorities={priorities}
            onClose={closeEvent}
            onMove={(delta) => moveEvent(current.event_ID, delta)}
            onDeleted={() => setSelected(null)}
          />
        ) : (
          dayList && (
            <DayListPanel
              key={dayList.day}
              day={dayList.day}
              rows={list.data?.rows}
              summary={listDay ? model.days.get(listDay.getTime()) : undefined}
              focus={dayList.focus}
              view={search.view}
              now={now}
              priorities={priorities}
              completedStatus={completedStatus}
              onOpen={setSelected}
              onMove={(event, delta) => moveEvent(event.event_ID, delta, 'list')}
              onClose={closeDayList}
            />
          )
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}
