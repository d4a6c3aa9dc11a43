import type { EventDisplayInfo } from '@fullcalendar/react'
import dayGridPlugin from '@fullcalendar/react/daygrid'
import interactionPlugin from '@fullcalendar/react/interaction'
import listPlugin from '@fullcalendar/react/list'
import breezyThemePlugin from '@fullcalendar/react/themes/breezy'
import timeGridPlugin from '@fullcalendar/react/timegrid'
import '@fullcalendar/react/skeleton.css'
import '@fullcalendar/react/themes/breezy/theme.css'
import { byLocale, clockOptions } from '@/lib/format/format'
import { SLOT_MINUTES, type CalendarView } from './calendar-dates'
import type { CalendarEventProps } from './calendar-event-input'
import type { MoveDelta } from './move'
import styles from './full-calendar-view.module.css'

/*
 * FullCalendar's fixed options (v7 standard packages; the day-grid, time-grid, list and
 * interaction plugins come from @fullcalendar/react itself). Only the calendar's lazy chunk
 * imports this file, so none of it loads before the calendar route.
 */

export const FC_VIEWS: Record<CalendarView, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  agenda: 'listWeek',
}

export const plugins = [
  dayGridPlugin,
  timeGridPlugin,
  listPlugin,
  interactionPlugin,
  breezyThemePlugin,
]
export const slot = `00:${String(SLOT_MINUTES).padStart(2, '0')}`
/**
 * Times on the display locale's clock, as the rest of the console writes them (`clockOptions`):
 * "09:30" and "14:30", or "9:30 AM" and "2:30 PM" (FullCalendar's own formatting would glue
 * "2:30PM"). The calendar's `locale` is the display locale's tag (FullCalendar formats its
 * headings with it through Intl and keeps its English words) and its `firstDay` the locale's.
 */
export const timeFormat = byLocale((locale) => {
  const clock = new Intl.DateTimeFormat(locale, clockOptions(locale))
  return ({ start, end }: { start: { instantMs: number }; end?: { instantMs: number } | null }) =>
    end && end.instantMs !== start.instantMs
      ? clock.formatRange(start.instantMs, end.instantMs)
      : clock.format(start.instantMs)
})
/**
 * Every view draws what the page gives it (each day's summary, its most pressing few and "+N
 * more", see the model's `dayDigest`). The month is as tall as that needs; the time grids keep
 * to the page's height, with at most four rows of all-day entries and three events side by side
 * before FullCalendar's own "+N"; the agenda's parts take the compact classes of
 * full-calendar-view.module.css over the theme's.
 */
export const views = {
  dayGridMonth: { dayMaxEvents: false, height: 'auto' },
  timeGrid: { dayMaxEventRows: 4, eventMaxStack: 3 },
  // The agenda is dense: a one-line day header over its events, one line per event.
  listWeek: {
    listDaysClass: styles.listDays,
    listDayClass: styles.listDay,
    listDayHeaderClass: styles.listDayHeader,
    listDayHeaderInnerClass: styles.listDayHeaderInner,
    listDayBodyClass: styles.listDayBody,
    listItemEventClass: styles.listItem,
    listItemEventInnerClass: styles.listItemInner,
  },
}

export const toDelta = (d: { months: number; days: number; milliseconds: number }): MoveDelta => ({
  months: d.months,
  days: d.days,
  milliseconds: d.milliseconds,
})

/** The focusable entry of an event, or of a day's summary or "+N more". */
export const entryElement = (root: HTMLElement | null, request: FocusTarget) =>
  root
    ?.querySelector(
      'eventId' in request
        ? `[data-event-id="${request.eventId}"]`
        : request.entry === 'more'
          ? `[data-more-day="${request.day}"]`
          : `[data-day-summary="${request.day}"]`,
    )
    ?.closest<HTMLElement>('[tabindex]') ?? null

/** An event, or a day's summary or "+N more" (`day` is `YYYY-MM-DD`). */
export type FocusTarget = { eventId: number } | { day: string; entry: DayEntry }
/** Which of a day's entries opened its list. */
export type DayEntry = 'summary' | 'more'

export const eventClass = ({ event }: EventDisplayInfo) => {
  const p = event.extendedProps as CalendarEventProps
  if (p.summary) return styles.summary
  return p.more ? styles.more : p.completed ? `${styles.event} ${styles.completed}` : styles.event
}
/** A day's summary first, "+N more" after the day's events; then FullCalendar's usual order. */
export const eventOrder = 'order,start,-duration,allDay,title'
