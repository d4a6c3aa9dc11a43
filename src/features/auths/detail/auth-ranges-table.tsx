import type { Auth } from '@/api/schemas/auth'
import { RANGE_ROWS, type RangeRow } from '../auth-groups'
import { EMPTY_VALUE, formatAuthValue } from '../format-value'
import { countOf } from '../glance'
import { toneOf } from '../model/tone'
import { numeric, Table } from '@/components/ui/table'
import styles from './detail.module.css'

const value = (auth: Auth, field: RangeRow[keyof RangeRow] | undefined) =>
  field ? (auth as Record<string, unknown>)[field] : undefined

const isEmpty = (auth: Auth, row: RangeRow) =>
  [row.from, row.thru, row.units, row.visits, row.amount].every(
    (f) => value(auth, f) === null || value(auth, f) === undefined,
  )

/** Requested, approved, denied and actual side by side: dates, units, visits and amounts. */
export function AuthRangesTable({ auth }: { auth: Auth }) {
  const tone = toneOf(auth)
  return (
    <section className={styles.section} aria-labelledby="ranges-heading">
      <h2 id="ranges-heading" className={styles.sectionTitle}>
        Requested, approved, denied and actual
      </h2>
      <Table frame={false} className={styles.ranges} aria-labelledby="ranges-heading">
        <thead>
          <tr>
            <td />
            <th scope="col">From</th>
            <th scope="col">Thru</th>
            <th scope="col">Units</th>
            <th scope="col">Visits</th>
            <th scope="col" className={numeric}>
              Amount
            </th>
            <th scope="col">Frequency</th>
            <th scope="col">Location</th>
          </tr>
        </thead>
        <tbody>
          {RANGE_ROWS.map((row: RangeRow) => {
            const empty = isEmpty(auth, row)
            const current =
              (row.id === 'approved' && tone === 'approved') ||
              (row.id === 'denied' && tone === 'denied') ||
              (row.id === 'requested' && tone === 'pended') ||
              (row.id === 'actual' && tone === 'closed')
            const units = value(auth, row.units)
            return (
              <tr
                key={row.id}
                className={`${empty ? styles.emptyRow : ''} ${current ? styles.currentRow : ''}`}
              >
                <th scope="row">{row.title}</th>
                <td>{formatAuthValue(row.from, value(auth, row.from))}</td>
                <td>{formatAuthValue(row.thru, value(auth, row.thru))}</td>
                <td>{typeof units === 'number' ? countOf(units, auth.unit_Type) : EMPTY_VALUE}</td>
                <td>{row.visits ? formatAuthValue(row.visits, value(auth, row.visits)) : ''}</td>
                <td className={numeric}>{formatAuthValue(row.amount, value(auth, row.amount))}</td>
                <td>
                  {row.frequency ? formatAuthValue(row.frequency, value(auth, row.frequency)) : ''}
                </td>
                <td>
                  {row.location ? formatAuthValue(row.location, value(auth, row.location)) : ''}
                </td>
              </tr>
            )
          })}
        </tbody>
      </Table>
    </section>
  )
}
