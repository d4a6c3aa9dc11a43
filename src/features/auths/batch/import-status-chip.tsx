import { statusOf, type RowState } from './use-import-rows'
import styles from './import.module.css'

/** Ready, problems, created or updated, failed: the row's state in a word and a colour. */
export function ImportStatusChip({ state }: { state: RowState }) {
  const status = statusOf(state)
  const problems = state.check.ok ? 0 : Object.keys(state.check.errors).length
  const text =
    status === 'ready'
      ? 'Ready'
      : status === 'invalid'
        ? `${problems} problem${problems === 1 ? '' : 's'}`
        : status === 'saved'
          ? state.result?.status === 201
            ? 'Created'
            : 'Updated'
          : `Failed${state.result?.status ? ` (${state.result.status})` : ''}`
  return <span className={`${styles.chip} ${styles[status]}`}>{text}</span>
}
