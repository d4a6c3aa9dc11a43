import { useWatch, type UseFormReturn } from 'react-hook-form'
import { useDirectory } from '@/lib/directory'
import { formatDisplayDateTime } from '@/lib/format/format'
import { specOf } from '@/api/schemas/auth-fields'
import { RANGE_EXTRAS, RANGE_ROWS, rangeFields, type RangeRow } from '../auth-groups'
import { AuthFormField } from './auth-form-field'
import type { AuthFormValues } from './auth-form-values'
import styles from './auth-form.module.css'

/**
 * Who approved and when: the service records them from the approval (they are `stamped` in the
 * contract's table), never from a form.
 */
const EDITED_EXTRAS = RANGE_EXTRAS.filter((field) => !specOf(field).stamped)

/** The approval as the service recorded it, read-only (a value typed there would be dropped). */
function ApprovalRecord({ form }: { form: UseFormReturn<AuthFormValues> }) {
  const [by, on] = useWatch({
    control: form.control,
    name: ['approved_By', 'approved_Date'] as const,
  }) as [unknown, unknown]
  const { personLabel } = useDirectory()
  const when = typeof on === 'string' && on ? formatDisplayDateTime(on) : ''
  return (
    <p className={styles.hint}>
      {by || when
        ? `Approved by ${by ? personLabel(String(by)) : 'someone not recorded'}${when ? ` on ${when}` : ''}. `
        : 'Not approved yet. '}
      Who approved and when are recorded by the service when the auth is approved: they are not
      edited here.
    </p>
  )
}

/** Requested, approved, denied and actual ranges: each with its dates, units, visits, amounts. */
export function AuthFormRanges({ form }: { form: UseFormReturn<AuthFormValues> }) {
  return (
    <fieldset className={`${styles.section} ${styles.full}`}>
      <legend className={styles.legend}>Requested, approved, denied and actual</legend>
      <div className={styles.rangeRow}>
        <span className={styles.rangeTitle}>Units and decision</span>
        <div className={styles.grid}>
          {EDITED_EXTRAS.map((field) => (
            <AuthFormField key={field} field={field} form={form} />
          ))}
        </div>
        <ApprovalRecord form={form} />
      </div>
      {RANGE_ROWS.map((row: RangeRow) => (
        <fieldset key={row.id} className={styles.rangeRow}>
          <legend className={styles.rangeTitle}>{row.title}</legend>
          <div className={styles.grid}>
            {rangeFields(row).map((field) => (
              <AuthFormField key={field} field={field} form={form} />
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  )
}
