import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useDatabase } from '@/api/api-context'
import { formatServiceDate } from '@/api/dates'
import type { Event } from '@/api/schemas/event'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { eventKeys } from '../../keys'
import type { BatchReport } from './batch-results'
import { BatchResultsPanel } from './batch-results-panel'
import { BulkBar, type BulkDialogKind } from './bulk-bar'
import type { BulkAction } from './bulk-changes'
import { collectSuggestions, eventsIn, type BulkSuggestions } from './suggestions'
import { useBulkApply } from './use-bulk-apply'

const BulkActionDialog = lazy(() => import('./bulk-action-dialog'))

interface BulkActionsProps {
  /** The ticked events, as loaded. */
  selected: Event[]
  /** The page's rows: their users, groups and statuses are offered in the dialogs. */
  rows: readonly Event[]
  report: BatchReport | null
  onReport: (report: BatchReport | null) => void
  /** Called with the events a batch could not change: they stay ticked. */
  onFailed: (eventIds: number[]) => void
  onClear: () => void
}

/**
 * The bulk actions bar, its dialogs and the last batch's results. Loaded when the first row is
 * ticked, so the list's own bundle stays small.
 */
export default function BulkActions({
  selected,
  rows,
  report,
  onReport,
  onFailed,
  onClear,
}: BulkActionsProps) {
  const queryClient = useQueryClient()
  const db = useDatabase()
  const me = useCurrentUser()
  const { completedStatus } = useRuntimeConfig()
  const bulk = useBulkApply(onFailed, onReport)
  const [dialog, setDialog] = useState<{ kind: BulkDialogKind; suggestions: BulkSuggestions }>()

  const open = (kind: BulkDialogKind) => {
    const cached = queryClient.getQueriesData({ queryKey: eventKeys.all(db) }).map(([, d]) => d)
    const loaded = [...rows, ...eventsIn(cached)]
    setDialog({ kind, suggestions: collectSuggestions(loaded, me.userId, completedStatus) })
  }
  const apply = (action: BulkAction) => {
    setDialog(undefined)
    void bulk.apply(selected, action)
  }

  return (
    <>
      <BulkBar
        count={selected.length}
        pending={bulk.pending}
        onOpen={open}
        onClear={onClear}
        onComplete={() =>
          apply({ kind: 'complete', completedStatus, completedAt: formatServiceDate(new Date()) })
        }
      />
      {report && <BatchResultsPanel report={report} onDismiss={() => onReport(null)} />}
      {dialog && (
        <Suspense fallback={null}>
          <BulkActionDialog
            kind={dialog.kind}
            count={selected.length}
            suggestions={dialog.suggestions}
            onApply={apply}
            onClose={() => setDialog(undefined)}
          />
        </Suspense>
      )}
    </>
  )
}
