import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Table } from '@/components/ui/table'
import type { PolicyChange } from './policy-diff'
import styles from './policy-diff-dialog.module.css'

interface PolicyDiffDialogProps {
  /** The changes to confirm; null while closed. */
  changes: PolicyChange[] | null
  pending: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Lists each changed field with its current and new value; confirming sends the policy. */
export function PolicyDiffDialog({ changes, pending, onConfirm, onCancel }: PolicyDiffDialogProps) {
  const count = changes?.length ?? 0
  return (
    <ConfirmDialog
      open={changes !== null}
      title="Save the password policy?"
      confirmLabel="Save policy"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className={styles.text}>
        {count === 1 ? 'This change applies' : `These ${count} changes apply`} to every user the
        next time they set or change a password.
      </p>
      <Table caption="Changes to the password policy" captionHidden>
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">Now</th>
            <th scope="col">After saving</th>
          </tr>
        </thead>
        <tbody>
          {changes?.map((change) => (
            <tr key={change.key}>
              <th scope="row">{change.label}</th>
              <td className={styles.before}>{change.before}</td>
              <td className={styles.after}>{change.after}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ConfirmDialog>
  )
}
