import { lazy, Suspense, useState } from 'react'
import type { StringOption } from '@/api/schemas/static-option'
import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { useRuntimeConfig } from '@/lib/app-context'
import { paths } from '@/lib/paths'
import { IndexGapsNote } from '../index/gaps-note'
import { useIndexFacets } from '../index/use-event-index'
import { useLookup } from '../use-lookup'
import { CalendarFilterBar } from './calendar-filter-bar'
import { activeFilterCount } from './calendar-filters'
import { parseDay, visibleRange } from './calendar-dates'
import { CalendarToolbar } from './calendar-toolbar'
import { EventSidePanel } from './event-side-panel'
import type { CalendarChange, FocusRequest } from './full-calendar-view'
import { LoadProgress } from './load-progress'
import type { MoveDelta } from './move'
import { overlaps, placeEvent } from '../model/placement'
import { useCalendarEvents } from './use-calendar-events'
import { useCalendarModel } from './use-calendar-model'
import { useCalendarMove } from './use-calendar-move'
import { useCalendarSearch } from './use-calendar-search'
import styles from './calendar-page.module.css'
import { calendarFilter } from './calendar-filters'

/** FullCalendar (about 85 kB gzip): the route starts it with the events; the page never waits. */
export const loadFullCalendar = () => import('./full-calendar-view')

const FullCalendarView = lazy(() =>
  loadFullCalendar().then((m) => ({ default: m.FullCalendarView })),
)

const NO_PRIORITIES: StringOption[] = []

/**
 * `/events/calendar`: every event by date in month, week, day and agenda views. The view, date
 * and filters live in the URL; events load page by page in the background; click an event for
 * its details and actions; drag it, or focus it and press Alt+Arrow, to move it.
 */
export function CalendarPage() {
  const { completedStatus } = useRuntimeConfig()
  const { search, update, defaults } = useCalendarSearch()
  const priorities = useLookup('priorities').data ?? NO_PRIORITIES
  const data = useCalendarEvents(
    visibleRange(search.view, search.date),
    search.place,
    calendarFilter(search),
  )
  // The users, groups and statuses in use, for the filter menus (the view holds only some).
  const facets = useIndexFacets().data
  const model = useCalendarModel({
    events: data.events,
    search,
    me: defaults.me,
    priorities,
    completedStatus,
    known: facets,
  })
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const move = useCalendarMove({ place: search.place, announce: setAnnouncement })
  const selected = selectedId === null ? undefined : model.byId.get(selectedId)

  /** Moves an event; keeps it in view (the date follows it) and, from the keyboard, focused. */
  const moveEvent = (eventId: number, delta: MoveDelta, change?: CalendarChange) => {
    const event = model.byId.get(eventId)
    if (!event) return false
    const after = move({ event, delta, edge: change?.edge ?? 'both' })
    if (!after) return false
    if (!overlaps(after, model.range)) update({ date: after.start })
    if (change?.via === 'keyboard') setFocusRequest({ eventId, at: Date.now() })
    return true
  }

  const close = () => {
    if (selectedId !== null) setFocusRequest({ eventId: selectedId, at: Date.now() })
    setSelectedId(null)
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Calendar"
        description="Events by date. Drag one to move it, or focus it and press Alt with an arrow key."
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
        loaded={data.loaded}
        loading={data.loading}
        indexing={data.indexing}
        error={data.error}
        onRetry={data.retry}
        shown={model.visible.length}
        unplaced={model.unplaced}
        lacking={search.place === 'reminder' ? 'next reminder' : 'date'}
      />
      <IndexGapsNote />
      <div className={selected ? `${styles.body} ${styles.withPanel}` : styles.body}>
        <section className={styles.calendar} aria-label="Calendar">
          <Suspense fallback={<div className={styles.skeleton}>Loading the calendar…</div>}>
            <FullCalendarView
              view={search.view}
              date={search.date}
              events={model.inputs}
              onOpen={setSelectedId}
              onOpenDay={(day) => update({ view: 'day', date: parseDay(day) ?? search.date })}
              onChange={(c) => moveEvent(c.eventId, c.delta, c)}
              focusRequest={focusRequest}
            />
          </Suspense>
        </section>
        {selected && (
          <EventSidePanel
            key={selected.event_ID}
            event={selected}
            view={search.view}
            placed={placeEvent(selected, search.place, completedStatus)}
            priorities={priorities}
            onClose={close}
            onMove={(delta) => moveEvent(selected.event_ID, delta)}
            onDeleted={() => setSelectedId(null)}
          />
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}
