import { formatDisplayDateTime } from '@/api/dates'
import type { Auth } from '@/api/schemas/auth'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { labelOf } from '../auth-fields'
import { formatAuthValue } from '../format-value'
import type { StaleChange } from './stale-diff'
import styles from './auth-form.module.css'

interface StaleEditDialogProps {
  latest: Auth
  changes: StaleChange[]
  pending: boolean
  onOverwrite: () => void
  onReload: () => void
  onCancel: () => void
}

/** Someone saved the auth after this form loaded it: what they changed, and the user's choice. */
export function StaleEditDialog(props: StaleEditDialogProps) {
  const { latest, changes, pending, onOverwrite, onReload, onCancel } = props
  const who = latest.update_User ?? 'Someone'
  const when = latest.update_Date ? ` on ${formatDisplayDateTime(latest.update_Date)}` : ''
  const overwritten = changes.filter((c) => c.overwrites).length
  return (
    <Dialog
      open
      wide
      onClose={onCancel}
      title="This auth changed while you were editing"
      footer={
        <>
          <Button onClick={onCancel} autoFocus>
            Keep editing
          </Button>
          <Button onClick={onReload}>Load their version, keep my other edits</Button>
          <Button variant="primary" onClick={onOverwrite} disabled={pending}>
            {pending ? 'Saving…' : 'Save mine over theirs'}
          </Button>
        </>
      }
    >
      <p className={styles.dialogText}>
        {who} saved it{when}, after you opened it.{' '}
        {overwritten > 0
          ? `Saving now replaces ${overwritten} of their changes with yours.`
          : 'Your edits do not touch the fields they changed.'}
      </p>
      <div className={styles.diffWrap}>
        <table className={styles.diff}>
          <caption className="visually-hidden">Fields changed by {who}</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Theirs</th>
              <th scope="col">Yours (what saving writes)</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field} className={change.overwrites ? styles.conflict : undefined}>
                <th scope="row">{labelOf(change.field)}</th>
                <td>{formatAuthValue(change.field, change.theirs)}</td>
                <td>
                  {formatAuthValue(change.field, change.yours)}
                  {change.overwrites && <span className={styles.conflictTag}>replaces theirs</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Dialog>
  )
}
