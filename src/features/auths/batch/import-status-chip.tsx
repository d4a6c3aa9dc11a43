import { statusOf, type RowState } from './use-import-rows'
import { problemsOf } from './use-import-rows'
import styles from './import.module.css'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * The row's state in a word and a colour: New auth, New number (a new auth of a number no auth
 * has), Updates 2 fields, No change,
 * Checking…, problems, Created or Updated, Failed, Not sent.
 */
export function ImportStatusChip({ state }: { state: RowState }) {
  const status = statusOf(state)
  const text = (() => {
    switch (status) {
      case 'ready':
        // A number the service does not know makes a new auth of that number: said apart, as a
        // mistyped number meant to update an auth would otherwise pass as a new one.
        return state.existing?.kind === 'new' ? 'New number' : 'New auth'
      case 'update':
        return `Updates ${plural(state.existing?.kind === 'found' ? state.existing.changes.length : 0, 'field')}`
      case 'unchanged':
        return 'No change'
      case 'checking':
        return 'Checking…'
      case 'invalid':
        return plural(Object.keys(problemsOf(state)).length, 'problem')
      case 'saved':
        return state.result?.status === 201 ? 'Created' : 'Updated'
      case 'not-sent':
        return 'Not sent'
      case 'failed':
        return `Failed${state.result?.status ? ` (${state.result.status})` : ''}`
      case 'unconfirmed':
        return 'Not confirmed'
      case 'held':
        return state.row.earlier?.outcome === 'conflict'
          ? 'Conflict'
          : state.row.earlier?.outcome === 'created'
            ? 'Created before'
            : 'Not confirmed before'
    }
  })()
  const tone = status === 'ready' && state.existing?.kind === 'new' ? styles.newNumber : ''
  return <span className={`${styles.chip} ${styles[status] ?? ''} ${tone}`}>{text}</span>
}
