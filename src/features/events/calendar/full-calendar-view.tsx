import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useDeferredValue,
  useState,
  type KeyboardEvent,
} from 'react'
import FullCalendar, {
  type CalendarRef,
  type EventDisplayInfo,
  type EventDropInfo,
  type EventResizeDoneInfo,
} from '@fullcalendar/react'
import { firstDayOfWeek, getDisplayLocale } from '@/lib/format/format'
import { formatDay, SLOT_MINUTES, type CalendarView } from './calendar-dates'
import { CalendarEventContent } from './calendar-event-content'
import type { CalendarEventInput, CalendarEventProps } from './calendar-event-input'
import {
  entryElement,
  eventClass,
  eventOrder,
  FC_VIEWS,
  plugins,
  slot,
  timeFormat,
  toDelta,
  views,
  type DayEntry,
  type FocusTarget,
} from './full-calendar-options'
import { keyboardDelta, type MoveDelta, type MoveEdge } from './move'
import styles from './full-calendar-view.module.css'
import { useKeyboardScrollers } from './use-keyboard-scrollers'

/** A drag, a resize or a keyboard move the calendar asks the page to save. */
export interface CalendarChange {
  eventId: number
  delta: MoveDelta
  edge: MoveEdge
  via: 'pointer' | 'keyboard'
  /**
   * Puts a dragged event back where the calendar drew it before: called when the save is
   * refused, whoever answers the page's data (it may not change at all meanwhile).
   */
  revert?: () => void
}

interface FullCalendarViewProps {
  view: CalendarView
  date: Date
  events: CalendarEventInput[]
  onOpen: (eventId: number) => void
  /** A day's summary or "+N more": open that day's list (`day` is `YYYY-MM-DD`). */
  onOpenDay: (day: string, from: DayEntry) => void
  /** Whether the page took the change (it then draws the event where its data says). */
  onChange: (change: CalendarChange) => boolean
  /**
   * After a keyboard move or closing a panel: the event (or the day's entry) to keep focused
   * while it is drawn again (a new object per request).
   */
  focusRequest: FocusRequest | null
}

export type FocusRequest = FocusTarget & { at: number }

const SCROLLER_LABELS = { hours: 'Hours of the day (scrolls)', other: 'Agenda (scrolls)' }

/** How long after a request focus is put back on the event whenever a redraw drops it. */
const FOCUS_WINDOW_MS = 5000

/**
 * FullCalendar (standard MIT packages, v7) showing the events it is given: month, week, day and
 * agenda views, drag and resize to move, Alt+Arrow keys to move the focused event. The page owns
 * the data, the URL and the saving; this only draws and reports. Every option is stable between
 * renders (handlers are read through a ref) and the component is memoised (the page's handlers
 * keep their identity), so FullCalendar redraws only when the events, view or date change.
 */
/** How long after a month is shown today's week is kept in view as the month fills. */
const TODAY_SCROLL_MS = 15_000

export const FullCalendarView = memo(function FullCalendarView(props: FullCalendarViewProps) {
  const { focusRequest } = props
  // What FullCalendar draws follows the page as a transition: a month of entries is drawn in
  // slices between frames, and a click or a key press meanwhile is answered first.
  const view = useDeferredValue(props.view)
  const date = useDeferredValue(props.date)
  const events = useDeferredValue(props.events)
  const calendarRef = useRef<CalendarRef>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const handlers = useRef(props)
  useEffect(() => {
    handlers.current = props
  })
  const day = formatDay(date)
  const [initial] = useState(() => ({ view: FC_VIEWS[view], date }))
  useKeyboardScrollers(rootRef, SCROLLER_LABELS)

  useEffect(() => {
    const api = calendarRef.current?.getApi()
    if (!api) return
    // A transition: a month of thousands of events is drawn in slices, between frames.
    if (api.view.type !== FC_VIEWS[view] || formatDay(api.getDate()) !== day)
      startTransition(() => api.changeView(FC_VIEWS[view], day))
  }, [view, day])

  // A move redraws the event elsewhere and its old element (which had focus) goes: put focus
  // on the new one, unless the user has moved it somewhere else meanwhile.
  useEffect(() => {
    if (!focusRequest || Date.now() - focusRequest.at > FOCUS_WINDOW_MS) return
    // After a move to another month the view redraws in a later frame, and may redraw again
    // (the index's patch, then the service's answer; a busy machine draws late): look each frame
    // through the window, and whenever focus has fallen to the page, put it on the event. Focus
    // the user put elsewhere ends it.
    let id = 0
    const tryFocus = () => {
      const active = document.activeElement
      const element = entryElement(rootRef.current, focusRequest)
      if (active && active !== document.body && active !== element) return
      if (element && active !== element) element.focus()
      if (Date.now() - focusRequest.at <= FOCUS_WINDOW_MS) id = requestAnimationFrame(tryFocus)
    }
    id = requestAnimationFrame(tryFocus)
    return () => cancelAnimationFrame(id)
  }, [events, focusRequest])

  // The month opens on today's week: the row with today is scrolled into view as the month's
  // events are drawn (rows grow as they fill, moving it down), only as far as needed (the toolbar
  // and filters stay in view when today's week fits below them), while the month fills (up to 15
  // seconds after it is shown) and until the user scrolls, types or clicks: their own scrolling is
  // left alone.
  const todayScroll = useRef({ month: '', until: 0, userMoved: false })
  const month = day.slice(0, 7)
  const keepTodayInView = useCallback(() => {
    const scroll = todayScroll.current
    if (scroll.userMoved || Date.now() > scroll.until) return
    rootRef.current
      ?.querySelector(`[data-date="${formatDay(new Date())}"]`)
      ?.scrollIntoView({ block: 'nearest' })
  }, [])
  useEffect(() => {
    if (view !== 'month') return
    if (todayScroll.current.month !== month)
      todayScroll.current = { month, until: Date.now() + TODAY_SCROLL_MS, userMoved: false }
    const moved = () => {
      todayScroll.current.userMoved = true
    }
    const options = { passive: true, once: true }
    const signals = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const
    for (const signal of signals) window.addEventListener(signal, moved, options)
    // Rows grow as FullCalendar lays out what they hold, after the events are given to it.
    const resized =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keepTodayInView)
    if (rootRef.current) resized?.observe(rootRef.current)
    return () => {
      for (const signal of signals) window.removeEventListener(signal, moved)
      resized?.disconnect()
    }
  }, [view, month, keepTodayInView])
  useEffect(() => {
    if (view !== 'month' || events.length === 0) return
    const id = requestAnimationFrame(keepTodayInView)
    return () => cancelAnimationFrame(id)
  }, [view, month, events, keepTodayInView])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!e.altKey || e.ctrlKey || e.metaKey) return
    const delta = keyboardDelta(e.key, SLOT_MINUTES, handlers.current.view)
    const holder = (e.target as HTMLElement).querySelector?.('[data-event-id]')
    const eventId = Number(holder?.getAttribute('data-event-id'))
    if (!delta || !eventId) return
    e.preventDefault()
    handlers.current.onChange({ eventId, delta, edge: 'both', via: 'keyboard' })
  }

  // The month keeps a timed event's time when it lands on another day; the week and day views
  // keep events in their row (all-day) or in the time slots.
  const eventAllow = useCallback(
    (span: { allDay: boolean }, moving: { allDay: boolean } | null) =>
      handlers.current.view === 'month' || span.allDay === moving?.allDay,
    [],
  )

  const change = useCallback(
    (info: EventDropInfo | EventResizeDoneInfo, delta: MoveDelta, edge: MoveEdge) => {
      const eventId = Number(info.event.id)
      // From here the page's data says where the event is drawn: moved at once, back again if
      // the service refuses. Only a change the page did not take is undone here.
      if (!handlers.current.onChange({ eventId, delta, edge, via: 'pointer', revert: info.revert }))
        info.revert()
    },
    [],
  )
  const eventDrop = useCallback(
    (info: EventDropInfo) => change(info, toDelta(info.delta), 'both'),
    [change],
  )
  const eventResize = useCallback(
    (info: EventResizeDoneInfo) => {
      const fromStart = info.startDelta.milliseconds !== 0 || info.startDelta.days !== 0
      change(
        info,
        toDelta(fromStart ? info.startDelta : info.endDelta),
        fromStart ? 'start' : 'end',
      )
    },
    [change],
  )
  const eventClick = useCallback(
    (info: { event: { id: string; extendedProps: unknown }; jsEvent: UIEvent }) => {
      info.jsEvent.preventDefault()
      const { more, summary, eventId } = info.event.extendedProps as CalendarEventProps
      if (summary) handlers.current.onOpenDay(summary.day, 'summary')
      else if (more) handlers.current.onOpenDay(more.day, 'more')
      else handlers.current.onOpen(eventId)
    },
    [],
  )
  const eventContent = useCallback(
    (info: EventDisplayInfo) => (
      <CalendarEventContent
        title={info.event.title}
        timeText={info.timeText}
        props={info.event.extendedProps as CalendarEventProps}
        showTime
        agenda={info.view.type === FC_VIEWS.agenda}
        subjectFirst={info.view.type === FC_VIEWS.week}
      />
    ),
    [],
  )

  return (
    // Keys reach here from the focused event inside (Alt+Arrow moves it).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={rootRef}
      className={`${styles.calendar} ${view === 'month' ? styles.grows : styles.fills}`}
      onKeyDown={onKeyDown}
    >
      <FullCalendar
        ref={calendarRef}
        plugins={plugins}
        locale={getDisplayLocale()}
        initialView={initial.view}
        initialDate={initial.date}
        views={views}
        headerToolbar={false}
        height="100%"
        firstDay={firstDayOfWeek()}
        fixedWeekCount={false}
        nowIndicator
        editable
        eventInteractive
        slotDuration={slot}
        scrollTime="08:00"
        defaultTimedEventDuration={slot}
        eventTimeFormat={timeFormat()}
        slotHeaderFormat={timeFormat()}
        noEventsText="No events match the filters in this week."
        events={events}
        eventAllow={eventAllow}
        eventOrder={eventOrder}
        eventOrderStrict
        eventClass={eventClass}
        eventContent={eventContent}
        eventClick={eventClick}
        eventDrop={eventDrop}
        eventResize={eventResize}
      />
    </div>
  )
})
