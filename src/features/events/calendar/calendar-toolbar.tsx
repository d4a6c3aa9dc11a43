import { useId } from 'react'
import { Button } from '@/components/ui/button'
import {
  CALENDAR_VIEWS,
  formatDay,
  parseDay,
  stepDate,
  stepUnit,
  viewTitle,
  type CalendarView,
} from './calendar-dates'
import type { CalendarSearch } from './calendar-search'
import styles from './calendar-toolbar.module.css'

const VIEW_NAMES: Record<CalendarView, string> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
  agenda: 'Agenda',
}

interface CalendarToolbarProps {
  search: CalendarSearch
  today: Date
  onChange: (change: Partial<CalendarSearch>) => void
}

/** Previous, today, next, the period shown, a date picker and the view switch. */
export function CalendarToolbar({ search, today, onChange }: CalendarToolbarProps) {
  const titleId = useId()
  const dateId = useId()
  const { view, date } = search
  const unit = stepUnit(view)
  return (
    <div className={styles.toolbar}>
      <div className={styles.nav} role="group" aria-label="Move through the calendar">
        <Button
          size="small"
          aria-label={`Previous ${unit}`}
          onClick={() => onChange({ date: stepDate(view, date, -1) })}
        >
          <span aria-hidden="true">‹</span>
        </Button>
        <Button size="small" onClick={() => onChange({ date: today })}>
          Today
        </Button>
        <Button
          size="small"
          aria-label={`Next ${unit}`}
          onClick={() => onChange({ date: stepDate(view, date, 1) })}
        >
          <span aria-hidden="true">›</span>
        </Button>
      </div>
      <h2 id={titleId} className={styles.title} aria-live="polite">
        {viewTitle(view, date)}
      </h2>
      <div className={styles.goTo}>
        <label htmlFor={dateId} className={styles.label}>
          Go to date
        </label>
        <input
          id={dateId}
          type="date"
          className={styles.date}
          value={formatDay(date)}
          onChange={(e) => {
            const picked = parseDay(e.target.value)
            if (picked) onChange({ date: picked })
          }}
        />
      </div>
      <div className={styles.views} role="group" aria-label="View">
        {CALENDAR_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            className={styles.view}
            aria-pressed={v === view}
            onClick={() => onChange({ view: v })}
          >
            {VIEW_NAMES[v]}
          </button>
        ))}
      </div>
    </div>
  )
}
