import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { formatCount } from '@/lib/format/format'
import { AssignForm } from './assign-form'
import type { BulkDialogKind } from './bulk-bar'
import type { BulkAction } from './bulk-changes'
import { PriorityForm } from './priority-form'
import { RescheduleForm } from './reschedule-form'
import { SnoozeForm } from './snooze-form'
import { StatusForm } from './status-form'
import type { BulkSuggestions } from './suggestions'
import { BULK_BATCH_SIZE } from './bulk-run'
import styles from './bulk-dialog.module.css'

interface BulkActionDialogProps {
  kind: BulkDialogKind
  count: number
  suggestions: BulkSuggestions
  onApply: (action: BulkAction) => void
  onClose: () => void
}

const titles: Record<BulkDialogKind, string> = {
  assign: 'Assign',
  priority: 'Set the priority of',
  status: 'Set the status of',
  snooze: 'Snooze',
  reschedule: 'Reschedule',
}
const verbs: Record<BulkDialogKind, string> = {
  assign: 'Assign',
  priority: 'Set priority',
  status: 'Set status',
  snooze: 'Snooze',
  reschedule: 'Reschedule',
}

/**
 * The form of a bulk action, in a modal. Loaded on demand (with react-hook-form), so the list's
 * own bundle stays small. Applying closes it at once: the change is sent straight away.
 */
export default function BulkActionDialog({
  kind,
  count,
  suggestions,
  onApply,
  onClose,
}: BulkActionDialogProps) {
  const formId = useId()
  const events = `${formatCount(count)} ${count === 1 ? 'event' : 'events'}`
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${titles[kind]} ${events}`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary">
            {verbs[kind]}
          </Button>
        </>
      }
    >
      <p className={styles.lead}>
        {count > BULK_BATCH_SIZE
          ? `Sent in batches of ${BULK_BATCH_SIZE}, with progress and a way to stop`
          : 'One request changes them all'}
        ; each event that fails is listed with the reason and stays selected.
      </p>
      {kind === 'assign' && (
        <AssignForm formId={formId} suggestions={suggestions} onApply={onApply} />
      )}
      {kind === 'priority' && <PriorityForm formId={formId} onApply={onApply} />}
      {kind === 'status' && (
        <StatusForm formId={formId} statuses={suggestions.statuses} onApply={onApply} />
      )}
      {kind === 'snooze' && <SnoozeForm formId={formId} onApply={onApply} />}
      {kind === 'reschedule' && <RescheduleForm formId={formId} onApply={onApply} />}
    </Dialog>
  )
}
