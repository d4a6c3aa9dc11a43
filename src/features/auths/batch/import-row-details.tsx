import { Link } from 'react-router'
import { labelOf } from '../auth-fields'
import { paths } from '@/lib/paths'
import { statusOf, type RowState } from './use-import-rows'
import styles from './import.module.css'

/** What is wrong with a row, or what the service said about it. */
export function ImportRowDetails({ state }: { state: RowState }) {
  const status = statusOf(state)
  if (status === 'invalid' && !state.check.ok)
    return (
      <ul className={styles.errors}>
        {Object.entries(state.check.errors).map(([field, message]) => (
          <li key={field}>
            <strong>{field === '(row)' ? 'Row' : labelOf(field)}</strong>: {message}
          </li>
        ))}
      </ul>
    )
  if (state.result) {
    const number = state.result.authNumber
    return (
      <span>
        {state.result.body ?? ''}
        {status === 'saved' && number && (
          <>
            {' '}
            <Link to={paths.auths.detail(number)}>Open {number}</Link>
          </>
        )}
      </span>
    )
  }
  return <span className={styles.muted}>Ready to send</span>
}
