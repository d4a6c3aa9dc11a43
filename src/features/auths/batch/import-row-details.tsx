import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { labelOf } from '../auth-fields'
import { formatAuthValue } from '../format-value'
import { useDirectory } from '@/lib/directory'
import { paths } from '@/lib/paths'
import { readableDates } from '@/lib/format/format'
import { rowNumber, stampsReceived, type FieldChange } from './import-rows'
import { problemsOf, statusOf, type RowState } from './use-import-rows'
import styles from './import.module.css'

/** Most changes listed per row. */
const MOST_CHANGES = 12

/**
 * What is wrong with a row; for a row updating an auth, what will change, field by field
 * (old → new); after sending, what the service said.
 */
export function ImportRowDetails({
  state,
  onResolve,
}: {
  state: RowState
  /** Sends a row an earlier import held back after all. */
  onResolve?: () => void
}) {
  const status = statusOf(state)
  if (status === 'held') return <HeldRow state={state} onResolve={onResolve} />
  if (status === 'invalid')
    return (
      <ul className={styles.errors}>
        {Object.entries(problemsOf(state)).map(([field, message]) => (
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
        {readableDates(state.result.body ?? '')}
        {status === 'saved' && number && (
          <>
            {' '}
            <Link to={paths.auths.detail(number)}>Open {number}</Link>
          </>
        )}
      </span>
    )
  }
  if (state.existing?.kind === 'found') {
    const { changes } = state.existing
    if (changes.length === 0)
      return <span className={styles.muted}>The auth already holds these values: not sent</span>
    return <ChangesList changes={changes} />
  }
  if (status === 'checking')
    return <span className={styles.muted}>Reading the auth to compare…</span>
  const stamped =
    state.check.ok && stampsReceived(state.check.auth, undefined)
      ? '. No received date: the time of import is recorded as received, and the decision clock counts from it.'
      : ''
  return (
    <span className={styles.muted}>
      {state.existing?.kind === 'new'
        ? `No auth ${rowNumber(state.row)} exists: sending creates a new auth of this number (to update an auth, check its number)`
        : 'A new auth: the service gives it a number when it is sent'}
      {stamped}
    </span>
  )
}

/** Why an earlier import holds a row back, what sending it would change, and Send anyway. */
function HeldRow({ state, onResolve }: { state: RowState; onResolve?: (() => void) | undefined }) {
  const earlier = state.row.earlier
  const changes = state.existing?.kind === 'found' ? state.existing.changes : []
  const why =
    earlier?.outcome === 'conflict'
      ? 'Refused before: someone changed this auth after the earlier import read it. Sending it now writes these values over theirs:'
      : earlier?.outcome === 'created'
        ? `This tab already created ${earlier.authNumber} from this very row. Sending it again creates another auth.`
        : 'The earlier import’s answer for this row was lost: it may have been created already. Check before sending it again.'
  return (
    <div>
      <span>{why}</span>
      {earlier?.outcome === 'created' && (
        <>
          {' '}
          <Link to={paths.auths.detail(earlier.authNumber)}>Open {earlier.authNumber}</Link>
        </>
      )}
      {changes.length > 0 && <ChangesList changes={changes} />}
      {onResolve && (
        <Button size="small" onClick={onResolve}>
          Send it anyway<span className="visually-hidden"> (row {state.row.index})</span>
        </Button>
      )}
    </div>
  )
}

/** What a row changes on the auth it names, field by field (old → new). */
function ChangesList({ changes }: { changes: readonly FieldChange[] }) {
  const { personLabel } = useDirectory()
  return (
    <ul className={styles.changes} aria-label="What changes">
      {changes.slice(0, MOST_CHANGES).map(({ field, from, to }) => (
        <li key={field}>
          <strong>{labelOf(field)}</strong>:{' '}
          <span className={styles.old}>{formatAuthValue(field, from, personLabel)}</span>
          {' → '}
          <span className={styles.new}>{formatAuthValue(field, to, personLabel)}</span>
        </li>
      ))}
      {changes.length > MOST_CHANGES && <li>and {changes.length - MOST_CHANGES} more</li>}
    </ul>
  )
}
