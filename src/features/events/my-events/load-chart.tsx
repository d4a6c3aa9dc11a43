import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { byLocale, formatCount } from '@/lib/format/format'
import { useRuntimeConfig } from '@/lib/app-context'
import { priorityName, priorityTone } from '../priority-badge'
import { describeBusiest, loadByDay, type DayLoad } from './load-by-day'
import styles from './load-chart.module.css'

interface LoadChartProps {
  events: readonly Event[]
  priorities: readonly StringOption[]
  now: Date
}

interface Series {
  key: string
  name: string
  tone: string
}

const weekday = byLocale((l) => new Intl.DateTimeFormat(l, { weekday: 'short' }))
const dayMonth = byLocale((l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short' }))
const longDay = byLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }),
)

/** Count of one series on a day; the "Other" series takes every priority not in the list. */
function countOf(day: DayLoad, series: Series, known: Set<string>): number {
  if (series.key !== '') return day.counts[series.key] ?? 0
  return Object.entries(day.counts).reduce((n, [k, v]) => (known.has(k) ? n : n + v), 0)
}

interface Segment extends Series {
  n: number
  y: number
  height: number
}

/** The day's bar: one segment per series with events, stacked from the bottom (0..100). */
function stack(day: DayLoad, series: Series[], known: Set<string>, scale: number): Segment[] {
  const out: Segment[] = []
  let top = 100
  for (const s of series) {
    const n = countOf(day, s, known)
    if (n === 0) continue
    const height = (n / scale) * 100
    top -= height
    out.push({ ...s, n, y: top, height })
  }
  return out
}

/**
 * The next 14 days' load by priority as stacked bars (hand-built SVG), with the same numbers as
 * a table for screen readers and anyone who prefers figures.
 */
export function LoadChart({ events, priorities, now }: LoadChartProps) {
  const { completedStatus } = useRuntimeConfig()
  const load = loadByDay(events, now, completedStatus)
  const known = new Set(priorities.map((p) => p.option_Key))
  const series: Series[] = [
    ...[...priorities].reverse().map((p) => ({
      key: p.option_Key,
      name: priorityName(p.option_Key, priorities),
      tone: priorityTone(p.option_Key, priorities),
    })),
    { key: '', name: 'No priority', tone: 'none' },
  ]
  const scale = Math.max(load.max, 4)
  const busiest = describeBusiest(load, (day) => longDay().format(day))

  return (
    <figure className={styles.chart} aria-labelledby="load-title">
      <figcaption className={styles.caption}>
        <h2 id="load-title" className={styles.title}>
          Next 14 days
        </h2>
        <p className={styles.summary}>
          {load.total === 0
            ? 'Nothing due or reminded in the next 14 days.'
            : `${formatCount(load.total)} ${load.total === 1 ? 'event' : 'events'} due or reminded` +
              (busiest ? `; ${busiest}.` : '.')}
        </p>
      </figcaption>
      <div className={styles.bars} aria-hidden="true">
        {load.days.map((day, i) => (
          <div key={day.day.getTime()} className={`${styles.col} ${i === 0 ? styles.today : ''}`}>
            <span className={styles.total}>{day.total || ''}</span>
            <svg className={styles.svg} viewBox="0 0 10 100" preserveAspectRatio="none">
              {stack(day, series, known, scale).map((seg) => (
                <rect
                  key={seg.key}
                  className={styles[seg.tone]}
                  x="0"
                  y={seg.y}
                  width="10"
                  height={seg.height}
                >
                  <title>{`${seg.name}: ${seg.n}`}</title>
                </rect>
              ))}
            </svg>
            <span className={styles.day}>{i === 0 ? 'Today' : weekday().format(day.day)}</span>
            <span className={styles.date}>{dayMonth().format(day.day)}</span>
          </div>
        ))}
      </div>
      <ul className={styles.legend} aria-hidden="true">
        {series.map((s) => (
          <li key={s.key}>
            <span className={`${styles.swatch} ${styles[s.tone]}`} />
            {s.name}
          </li>
        ))}
      </ul>
      <details className={styles.details}>
        <summary>Show as a table</summary>
        <table className={styles.table}>
          <caption className="visually-hidden">
            Events per day over the next 14 days, by priority
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.name}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {load.days.map((day) => (
              <tr key={day.day.getTime()}>
                <th scope="row">{longDay().format(day.day)}</th>
                {series.map((s) => (
                  <td key={s.key}>{countOf(day, s, known)}</td>
                ))}
                <td>{day.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
