import { useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import type { Event } from '@/api/schemas/event'
import { describeError } from '@/components/errors/describe-error'
import { toast } from '@/components/ui/toast'
import { formatCount } from '@/lib/format/format'
import { useBatchEvents, useEventQueries } from '../../queries'
import { summarizeBatch, type BatchReport } from './batch-results'
import {
  actionFields,
  alreadyDone,
  applyAction,
  describeAction,
  describeSkipped,
  undoEvents,
  type BulkAction,
} from './bulk-changes'

const plural = (n: number) => `${formatCount(n)} ${n === 1 ? 'event' : 'events'}`

/**
 * Runs bulk actions as one `PUT /events-batch` of whole events. The failed events stay selected
 * (`onFailed`), every result is toasted, and a change that went through can be undone for a few
 * seconds by a second batch that puts the previous values back on the events as the service has
 * them by then, so changes others made meanwhile to other fields stay. Nothing waits for the undo
 * window.
 */
export function useBulkApply(
  onFailed: (eventIds: number[]) => void,
  onReport: (report: BatchReport) => void,
) {
  const batch = useBatchEvents()
  const queries = useEventQueries()
  const queryClient = useQueryClient()
  const db = useDatabase()

  /** The events as the service has them now (a write is refused when made from an old copy). */
  const latest = async (sent: Event[]) => {
    const found = await Promise.all(
      sent.map((e) =>
        queryClient
          .fetchQuery({ ...queries.detail(db, e.event_ID), staleTime: 0 })
          .catch(() => null),
      ),
    )
    return found.filter((e): e is Event => e !== null)
  }

  async function send(sent: Event[], title: string) {
    try {
      const summary = summarizeBatch(sent, await batch.mutateAsync(sent))
      onReport({ title, outcomes: summary.outcomes })
      onFailed(summary.failed.map((f) => f.eventId))
      return summary
    } catch (error) {
      const { title: reason, message } = describeError(error)
      toast.error(`${title}: nothing was changed`, { description: `${reason}. ${message}` })
      return null
    }
  }

  async function undo(sent: Event[], before: Event[], action: BulkAction, title: string) {
    const undone = undoEvents(await latest(sent), before, actionFields(action))
    const summary = await send(undone, `Undo of “${title}”`)
    if (!summary) return
    if (summary.failed.length === 0) toast.success(`Undone: ${plural(summary.succeeded.length)}`)
    else
      toast.error(`Undo failed for ${plural(summary.failed.length)}`, {
        description: 'See the results above the list.',
      })
  }

  async function apply(selected: Event[], action: BulkAction) {
    // Events already as the action would leave them are not sent, and not counted as changed.
    const todo = selected.filter((e) => !alreadyDone(e, action))
    const skipped = selected.length - todo.length
    const skipNote = skipped > 0 ? `${describeSkipped(action, skipped)}, skipped` : ''
    if (todo.length === 0) {
      toast.info(`Nothing changed: ${skipNote}`)
      onFailed([])
      return
    }
    const sent = todo.map((e) => applyAction(e, action))
    const title = [describeAction(action, sent.length), skipNote].filter(Boolean).join('; ')
    const summary = await send(sent, title)
    if (!summary) return
    const done = summary.succeeded.length
    const offerUndo =
      done > 0
        ? {
            action: {
              label: 'Undo',
              onAction: () => void undo(summary.succeeded, todo, action, title),
            },
          }
        : {}
    if (summary.failed.length === 0) toast.success(title, offerUndo)
    else if (done === 0)
      toast.error(`No events changed: ${plural(summary.failed.length)} failed`, {
        description: 'They are still selected; see the results above the list.',
      })
    else
      toast.error(`${describeAction(action, done)}; ${plural(summary.failed.length)} failed`, {
        description: 'The failed events are still selected; see the results above the list.',
        ...offerUndo,
      })
  }

  return { apply, pending: batch.isPending }
}
