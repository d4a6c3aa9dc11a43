import type { Auth } from '@/api/schemas/auth'
import { isAuthKey } from '@/api/schemas/auth-fields'
import { useDirectory } from '@/lib/directory'
import { labelOf, LEGACY_FIELDS } from '../auth-fields'
import { formatAuthValue } from '../format-value'
import styles from './detail.module.css'

/** Legacy fields and any the contract does not document: folded away, shown as they came. */
export function AuthOtherFields({ auth }: { auth: Auth }) {
  const { personLabel } = useDirectory()
  const unknown = Object.keys(auth).filter((key) => !isAuthKey(key))
  const fields = [...LEGACY_FIELDS, ...unknown]
  return (
    <details className={styles.other}>
      <summary>
        Legacy and other fields <span className={styles.muted}>({fields.length})</span>
      </summary>
      <p className={styles.line}>
        Fields the service no longer uses or the console does not know. They are kept as they are
        when the auth is saved.
      </p>
      <dl className={styles.fields}>
        {fields.map((field) => (
          <div key={field} className={styles.field}>
            <dt>
              {labelOf(field)} <code className={styles.fieldName}>{field}</code>
            </dt>
            <dd>{formatAuthValue(field, (auth as Record<string, unknown>)[field], personLabel)}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
