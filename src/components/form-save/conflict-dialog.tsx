import type { ReactNode } from 'react'
import { useDirectory } from '@/lib/directory'
import { formatDisplayDateTime } from '@/lib/format/format'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Table } from '@/components/ui/table'
import type { ConflictChange, Versioned } from './edit-conflict'
import styles from './form-save.module.css'

interface ConflictDialogProps {
  /** What the record is called on screen: "event", "auth". */
  noun: string
  latest: Versioned
  changes: ConflictChange[]
  labelOf: (field: string) => string
  format: (field: string, value: unknown) => ReactNode
  pending: boolean
  onKeepMine: () => void
  onTakeTheirs: () => void
  onReview: () => void
}

const isBlank = (node: ReactNode) => node === null || node === undefined || node === ''

/**
 * Someone saved the record after this form loaded it: what they changed, field by field, and the
 * same three choices for every record: save mine on top of theirs, take theirs and keep mine as a
 * draft, or go back and review. "Keep editing" has focus: the safe choice.
 */
export function ConflictDialog(props: ConflictDialogProps) {
  const { noun, latest, changes, labelOf, format, pending } = props
  const { personLabel } = useDirectory()
  const who = latest.update_User ? personLabel(latest.update_User) : 'Someone'
  const when = latest.update_Date ? ` on ${formatDisplayDateTime(latest.update_Date)}` : ''
  const replaced = changes.filter((c) => c.overwrites).length
  const shown = (field: string, value: unknown) => {
    const text = format(field, value)
    return isBlank(text) ? <span className={styles.empty}>Not set</span> : text
  }
  return (
    <Dialog
      open
      wide
      role="alertdialog"
      onClose={props.onReview}
      title={`This ${noun} changed while you were editing`}
      footer={
        <>
          <Button onClick={props.onReview} autoFocus>
            Keep editing
          </Button>
          <Button onClick={props.onTakeTheirs}>Take theirs, keep mine as a draft</Button>
          <Button variant="primary" onClick={props.onKeepMine} disabled={pending}>
            {pending ? 'Saving…' : 'Save mine over theirs'}
          </Button>
        </>
      }
    >
      <p className={styles.text}>
        {who} saved it{when}, after you opened it.{' '}
        {changes.length === 0
          ? 'None of the fields this form edits changed.'
          : replaced > 0
            ? `Saving yours keeps their other changes and replaces ${replaced} of them with yours.`
            : 'Your edits do not touch the fields they changed: saving yours keeps all of theirs.'}
      </p>
      {changes.length > 0 && (
        <Table
          caption={`Fields changed by ${who}`}
          captionHidden
          maxHeight="50vh"
          className={styles.diff}
        >
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
                <th scope="row" className={styles.field}>
                  {labelOf(change.field)}
                </th>
                <td>{shown(change.field, change.theirs)}</td>
                <td>
                  {shown(change.field, change.yours)}
                  {change.overwrites && <span className={styles.tag}>replaces theirs</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Dialog>
  )
}
