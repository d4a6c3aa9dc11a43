import type { UseFormReturn } from 'react-hook-form'
import { RANGE_EXTRAS, RANGE_ROWS, type RangeRow } from '../auth-groups'
import type { AuthKey } from '../auth-fields'
import { AuthFormField } from './auth-form-field'
import type { AuthFormValues } from './auth-form-values'
import styles from './auth-form.module.css'

const fieldsOf = (row: RangeRow) =>
  [
    row.from,
    row.thru,
    row.units,
    row.visits,
    row.amount,
    row.total,
    row.frequency,
    row.location,
  ].filter((f): f is AuthKey => f !== undefined)

/** Requested, approved, denied and actual ranges: each with its dates, units, visits, amounts. */
export function AuthFormRanges({ form }: { form: UseFormReturn<AuthFormValues> }) {
  return (
    <fieldset className={`${styles.section} ${styles.full}`}>
      <legend className={styles.legend}>Requested, approved, denied and actual</legend>
      <div className={styles.rangeRow}>
        <span className={styles.rangeTitle}>Units and decision</span>
        <div className={styles.grid}>
          {RANGE_EXTRAS.map((field) => (
            <AuthFormField key={field} field={field} form={form} />
          ))}
        </div>
      </div>
      {RANGE_ROWS.map((row: RangeRow) => (
        <fieldset key={row.id} className={styles.rangeRow}>
          <legend className={styles.rangeTitle}>{row.title}</legend>
          <div className={styles.grid}>
            {fieldsOf(row).map((field) => (
              <AuthFormField key={field} field={field} form={form} />
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  )
}
