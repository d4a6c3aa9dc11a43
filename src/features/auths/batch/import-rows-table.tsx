import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/select-field'
import { ImportRowDetails } from './import-row-details'
import { ImportStatusChip } from './import-status-chip'
import { statusOf, type RowState, type RowStatus } from './use-import-rows'
import styles from './import.module.css'

interface ImportRowsTableProps {
  rows: readonly RowState[]
  onEdit: (index: number) => void
  onResolve: (index: number) => void
}

const text = (value: unknown) =>
  value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()

/** Rows shown at once: a file of 50,000 rows is read a page at a time. */
export const ROWS_PER_PAGE = 100

const SHOW: { value: string; label: string; statuses?: RowStatus[] }[] = [
  { value: 'all', label: 'All rows' },
  { value: 'problems', label: 'With problems', statuses: ['invalid'] },
  { value: 'held', label: 'Held back by an earlier import', statuses: ['held'] },
  { value: 'updates', label: 'Updating an auth', statuses: ['update', 'unchanged'] },
  { value: 'new', label: 'New auths', statuses: ['ready'] },
  {
    value: 'failed',
    label: 'Failed, not sent or not confirmed',
    statuses: ['failed', 'not-sent', 'unconfirmed'],
  },
  { value: 'saved', label: 'Saved', statuses: ['saved'] },
]

const count = (n: number) => n.toLocaleString('en-US')

/** Every row with its state: problems and changes before sending, the service's answer after. */
export function ImportRowsTable({ rows, onEdit, onResolve }: ImportRowsTableProps) {
  const [show, setShow] = useState('all')
  const [page, setPage] = useState(0)
  const statuses = SHOW.find((s) => s.value === show)?.statuses
  const shown = statuses ? rows.filter((s) => statuses.includes(statusOf(s))) : rows
  const pages = Math.max(1, Math.ceil(shown.length / ROWS_PER_PAGE))
  const current = Math.min(page, pages - 1)
  const from = current * ROWS_PER_PAGE
  const visible = shown.slice(from, from + ROWS_PER_PAGE)

  return (
    <>
      {rows.length > ROWS_PER_PAGE && (
        <div className={styles.paging}>
          <SelectField
            label="Show"
            value={show}
            onChange={(e) => {
              setShow(e.target.value)
              setPage(0)
            }}
            options={SHOW.map(({ value, label }) => ({ value, label }))}
          />
          <span className={styles.muted} aria-live="polite">
            {shown.length === 0
              ? 'No rows'
              : `Rows ${count(from + 1)}–${count(from + visible.length)} of ${count(shown.length)}`}
          </span>
          <Button size="small" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous rows
          </Button>
          <Button size="small" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next rows
          </Button>
        </div>
      )}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">Rows of the import and their state</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Auth</th>
              <th scope="col">Subscriber</th>
              <th scope="col">Service</th>
              <th scope="col">State</th>
              <th scope="col">Details</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((state) => {
              const { row } = state
              const status = statusOf(state)
              const number = text(row.values.auth_Number) ?? state.result?.authNumber
              return (
                <tr key={row.index} className={styles[`row_${status}`]}>
                  <th scope="row">
                    {row.index}
                    {row.line !== undefined && <span className={styles.line}>line {row.line}</span>}
                  </th>
                  <td className={styles.mono}>
                    {number ?? <span className={styles.muted}>New</span>}
                  </td>
                  <td>{text(row.values.subscriber_ID) ?? '—'}</td>
                  <td>{text(row.values.service_Code) ?? text(row.values.service_Type) ?? '—'}</td>
                  <td>
                    <ImportStatusChip state={state} />
                  </td>
                  <td className={styles.details}>
                    <ImportRowDetails state={state} onResolve={() => onResolve(row.index)} />
                  </td>
                  <td>
                    {status !== 'saved' && status !== 'checking' && (
                      <Button
                        size="small"
                        variant={status === 'ready' || status === 'update' ? 'ghost' : 'default'}
                        onClick={() => onEdit(row.index)}
                      >
                        {status === 'ready' || status === 'update' || status === 'unchanged'
                          ? 'Edit'
                          : 'Fix'}
                        <span className="visually-hidden"> row {row.index}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}
