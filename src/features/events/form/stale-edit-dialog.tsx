import { formatDisplayDateTime } from '@/api/dates'
import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { fieldLabel, formatEventValue } from '../event-fields'
import { priorityName } from '../priority-badge'
import type { StaleChange } from './stale-diff'
import styles from './event-form.module.css'

interface StaleEditDialogProps {
  server: Event
  changes: StaleChange[]
  priorities: readonly StringOption[]
  pending: boolean
  onOverwrite: () => void
  onReload: () => void
  onCancel: () => void
}

function shown(field: string, value: unknown, priorities: readonly StringOption[]) {
  const text =
    field === 'priority' && typeof value === 'string'
      ? priorityName(value, priorities)
      : formatEventValue(field, value)
  return text || <span className={styles.empty}>Not set</span>
}

/**
 * Someone saved the event after this form was loaded: shows what they changed (the value on the
 * service now and the one this form would save) and lets the user overwrite or reload.
 */
export function StaleEditDialog({
  server,
  changes,
  priorities,
  pending,
  onOverwrite,
  onReload,
  onCancel,
}: StaleEditDialogProps) {
  return (
    <Dialog
      open
      wide
      role="alertdialog"
      title="This event changed while you were editing"
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>Keep editing</Button>
          <Button onClick={onReload} autoFocus>
            Reload
          </Button>
          <Button variant="danger" onClick={onOverwrite} disabled={pending}>
            {pending ? 'Saving…' : 'Overwrite'}
          </Button>
        </>
      }
    >
      <p>
        {server.update_User ?? 'Someone'} saved it at {formatDisplayDateTime(server.update_Date)}.{' '}
        <strong>Overwrite</strong> saves your version over theirs; <strong>Reload</strong> shows
        theirs and discards your changes.
      </p>
      {changes.length === 0 ? (
        <p className={styles.empty}>None of the fields this form edits changed.</p>
      ) : (
        <table className={styles.changes}>
          <caption className="visually-hidden">Fields changed on the service</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">On the service now</th>
              <th scope="col">Yours</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field}>
                <th scope="row">{fieldLabel(c.field)}</th>
                <td>{shown(c.field, c.server, priorities)}</td>
                <td>{shown(c.field, c.yours, priorities)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  )
}
