import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useDatabase } from '@/api/api-context'
import { formatServiceDate } from '@/api/dates'
import type { Event } from '@/api/schemas/event'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { formatCount } from '@/lib/format/format'
import { eventKeys } from '../../keys'
import { BatchResultsPanel } from './batch-results-panel'
import { BulkBar, type BulkDialogKind, type SelectionSummary } from './bulk-bar'
import type { BulkAction } from './bulk-changes'
import { setBulkReport, useBulkState } from './bulk-store'
import { collectSuggestions, eventsIn, type BulkSuggestions } from './suggestions'
import { useBulkApply } from './use-bulk-apply'

const BulkActionDialog = lazy(() => import('./bulk-action-dialog'))

interface BulkActionsProps {
  selection: SelectionSummary & { ids: ReadonlySet<number> }
  /** How many events match the list's filters (the index's count); null while unknown. */
  total: number | null
  /** The page's rows: their users, groups and statuses are offered in the dialogs. */
  rows: readonly Event[]
  onSelectMatching: () => void
  /** Called with the events a change did not reach (failed, or not sent): they stay ticked. */
  onLeftSelected: (eventIds: number[]) => void
  onClear: () => void
}

/**
 * The bulk actions bar, its dialogs and the last change's results. Loaded when the first row is
 * ticked, so the list's own bundle stays small.
 */
export default function BulkActions({
  selection,
  total,
  rows,
  onSelectMatching,
  onLeftSelected,
  onClear,
}: BulkActionsProps) {
  const queryClient = useQueryClient()
  const db = useDatabase()
  const me = useCurrentUser()
  const { completedStatus } = useRuntimeConfig()
  const bulk = useBulkApply(onLeftSelected)
  const { running, report } = useBulkState()
  const [dialog, setDialog] = useState<{ kind: BulkDialogKind; suggestions: BulkSuggestions }>()
  // Marking complete has no dialog of its own: it is asked first only when some of the events
  // are not on the page, where the user cannot see what they are completing.
  const [confirmingComplete, setConfirmingComplete] = useState(false)
  const offPage = selection.count - selection.onPage

  const open = (kind: BulkDialogKind) => {
    const cached = queryClient.getQueriesData({ queryKey: eventKeys.all(db) }).map(([, d]) => d)
    const loaded = [...rows, ...eventsIn(cached)]
    setDialog({ kind, suggestions: collectSuggestions(loaded, me.userId, completedStatus) })
  }
  const apply = (action: BulkAction) => {
    setDialog(undefined)
    setConfirmingComplete(false)
    setBulkReport(null)
    void bulk.apply([...selection.ids], action)
  }

  const complete = () =>
    apply({ kind: 'complete', completedStatus, completedAt: formatServiceDate(new Date()) })

  return (
    <>
      <BulkBar
        selection={selection}
        total={total}
        running={running}
        onSelectMatching={onSelectMatching}
        onOpen={open}
        onClear={onClear}
        onComplete={() => (offPage > 0 ? setConfirmingComplete(true) : complete())}
      />
      <ConfirmDialog
        open={confirmingComplete}
        title={
          selection.count === 1
            ? 'Mark 1 event complete?'
            : `Mark ${formatCount(selection.count)} events complete?`
        }
        confirmLabel={`Mark ${formatCount(selection.count)} complete`}
        onCancel={() => setConfirmingComplete(false)}
        onConfirm={complete}
      >
        {selection.count === 1 ? (
          <p>
            It is not on this page. It gets the status {completedStatus}, 100 percent and today as
            its completion date; Undo puts it back as it was. If it is complete already, it is left
            as it is.
          </p>
        ) : (
          <p>
            {formatCount(offPage)} of them {offPage === 1 ? 'is' : 'are'} not on this page. Each
            gets the status {completedStatus}, 100 percent and today as its completion date; Undo
            puts them back as they were. Those complete already are left as they are.
          </p>
        )}
      </ConfirmDialog>
      {report && !running && (
        <BatchResultsPanel report={report} onDismiss={() => setBulkReport(null)} />
      )}
      {dialog && (
        <Suspense fallback={null}>
          <BulkActionDialog
            kind={dialog.kind}
            count={selection.count}
            suggestions={dialog.suggestions}
            onApply={apply}
            onClose={() => setDialog(undefined)}
          />
        </Suspense>
      )}
    </>
  )
}
