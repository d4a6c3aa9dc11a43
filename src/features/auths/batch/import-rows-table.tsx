import { Button } from '@/components/ui/button'
import { ImportRowDetails } from './import-row-details'
import { ImportStatusChip } from './import-status-chip'
import { statusOf, type RowState } from './use-import-rows'
import styles from './import.module.css'

interface ImportRowsTableProps {
  rows: readonly RowState[]
  onEdit: (index: number) => void
}

const text = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : String(value)

/** Every row with its state: problems before sending, the service's answer after. */
export function ImportRowsTable({ rows, onEdit }: ImportRowsTableProps) {
  return (
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
          {rows.map((state) => {
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
                  <ImportRowDetails state={state} />
                </td>
                <td>
                  {status !== 'saved' && (
                    <Button
                      size="small"
                      variant={status === 'ready' ? 'ghost' : 'default'}
                      onClick={() => onEdit(row.index)}
                    >
                      {status === 'ready' ? 'Edit' : 'Fix'}
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
  )
}
