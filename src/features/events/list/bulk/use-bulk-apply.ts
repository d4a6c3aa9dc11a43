import { useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { idempotencyKeysOn } from '@/api/idempotency'
import { formatDisplayDateTime } from '@/lib/format/format'
import type { Event } from '@/api/schemas/event'
import { toast } from '@/components/ui/toast'
import { formatCount } from '@/lib/format/format'
import { storeBatch } from '../../cache'
import { useIndexClient } from '../../index/event-index-provider'
import { useEventQueries } from '../../queries'
import { useBatchEvents } from './use-batch-events'
import {
  alreadyDone,
  applyAction,
  describeAction,
  describeIntent,
  describeSkipped,
  fieldsOf,
  holds,
  stillAsLeft,
  type BulkAction,
} from './bulk-changes'
import { runBulk, type BulkPlan, type BulkRunResult } from './bulk-run'
import { runExclusive, setBulkReport } from './bulk-store'

const plural = (n: number) => `${formatCount(n)} ${n === 1 ? 'event' : 'events'}`

/**
 * Bulk changes to any number of events, by ID: read from the event index a batch at a time (the
 * page never holds them all), sent with `PUT /events-batch` in batches (`runBulk`), with progress,
 * Stop, per-item results (`BatchResultsPanel`), "Retry the failed ones" and Undo. Undo (from the
 * toast, Ctrl+Z or search everywhere) puts the changed fields back, also in batches, on the
 * version the change produced: an event someone changed since is reported, never overwritten.
 *
 * `onLeftSelected` gets the events a change did not reach (failed, or not sent after Stop): they
 * stay selected for another try.
 */
export function useBulkApply(onLeftSelected: (eventIds: number[]) => void) {
  const index = useIndexClient()
  const batch = useBatchEvents()
  const queries = useEventQueries()
  const queryClient = useQueryClient()
  const db = useDatabase()

  /** Events read from the service one by one: what the index does not hold (yet). */
  const fromService = async (ids: number[]) => {
    const found = await Promise.all(
      ids.map((id) =>
        queryClient.fetchQuery({ ...queries.detail(db, id), staleTime: 0 }).catch(() => null),
      ),
    )
    return found.filter((e): e is Event => e !== null)
  }

  /** Events as the service holds them now; throws when any cannot be read. */
  const readBackFromService = (ids: number[]) =>
    Promise.all(
      ids.map((id) => queryClient.fetchQuery({ ...queries.detail(db, id), staleTime: 0 })),
    )

  /**
   * How a run reads its events. The index is brought up to date first (others' changes, and the
   * versions this console's last change produced), so a write carries the current `update_Date`;
   * if it cannot be (still loading, or the service failed), each event is read from the service.
   */
  const loader = async () => {
    const synced = index ? await index.syncNow().catch(() => false) : false
    if (!index || !synced) return fromService
    return async (ids: number[]) => {
      const held = await index.events(ids)
      const have = new Set(held.map((e) => e.event_ID))
      const missing = ids.filter((id) => !have.has(id))
      return missing.length ? [...held, ...(await fromService(missing))] : held
    }
  }

  /** One run: progress in the bar, results above the list, the cache updated at the end. */
  const execute = (
    ids: readonly number[],
    intent: string,
    plan: (event: Event) => BulkPlan,
    action: BulkAction,
  ): Promise<BulkRunResult | null> =>
    runExclusive(intent, async (signal, onProgress) => {
      const load = await loader()
      const result = await runBulk({
        ids,
        load,
        plan,
        send: (events) => batch.mutateAsync(events),
        // A batch whose answer is lost: sent again under its key, else read back from the
        // service; an event holds what was sent of it in the action's fields, or it does not.
        confirm: {
          resend: idempotencyKeysOn(),
          readBack: readBackFromService,
          landed: (sent, current) => holds(current, fieldsOf(sent, action)),
        },
        onProgress,
        signal,
      })
      // One cache update for the whole change: the list re-renders once, not per batch.
      void storeBatch({ queryClient, db }, result.succeeded)
      return result
    })

  const report = (title: string, result: BulkRunResult, rerun: (ids: number[]) => void) => {
    setBulkReport({
      title,
      outcomes: result.outcomes,
      skipped: result.skipped,
      notSent: result.notSent,
      rerun,
    })
    onLeftSelected([
      ...result.outcomes.filter((o) => !o.ok).map((o) => o.eventId),
      ...result.notSent,
    ])
  }

  async function undo(
    ids: number[],
    before: ReadonlyMap<number, Partial<Event>>,
    action: BulkAction,
    title: string,
  ) {
    const undoTitle = `Undo of “${title}”`
    const result = await execute(
      ids,
      `Undoing: ${title}`,
      (event): BulkPlan => {
        const was = before.get(event.event_ID)
        if (!was || holds(event, was)) return { skip: true }
        // Someone changed what this change wrote: theirs stands.
        if (!stillAsLeft(event, action))
          return {
            fail: `Changed by ${event.update_User ?? 'someone else'} since (${formatDisplayDateTime(event.update_Date)}); left as they saved it.`,
          }
        return { send: { ...event, ...was } }
      },
      action,
    )
    if (!result) return
    report(undoTitle, result, (again) => void undo(again, before, action, title))
    const done = result.succeeded.length
    const failed = result.outcomes.length - done - result.unconfirmed.length
    if (result.unconfirmed.length > 0)
      toast.error(`Undo not confirmed for ${plural(result.unconfirmed.length)}`, {
        description: `${plural(done)} put back. See the results above the list.`,
      })
    else if (failed === 0 && !result.stopped) toast.success(`Undone: ${plural(done)}`)
    else
      toast.error(
        `Undo ${result.stopped ? 'stopped' : 'failed'} for ${plural(failed + result.notSent.length)}`,
        {
          description: `${plural(done)} put back. See the results above the list.`,
        },
      )
  }

  async function apply(ids: readonly number[], action: BulkAction) {
    const before = new Map<number, Partial<Event>>()
    const result = await execute(
      ids,
      describeIntent(action),
      (event): BulkPlan => {
        // Events already as the action would leave them are not sent, and not counted as changed.
        if (alreadyDone(event, action)) return { skip: true }
        before.set(event.event_ID, fieldsOf(event, action))
        return { send: applyAction(event, action) }
      },
      action,
    )
    if (!result) return
    const done = result.succeeded.length
    const unconfirmed = result.unconfirmed.length
    const failed = result.outcomes.length - done - unconfirmed
    const skipNote = result.skipped > 0 ? `${describeSkipped(action, result.skipped)}, skipped` : ''
    const title = [describeAction(action, done), skipNote].filter(Boolean).join('; ')
    report(title, result, (again) => void apply(again, action))
    if (done === 0 && failed === 0 && !result.stopped) {
      setBulkReport(null)
      toast.info(`Nothing changed: ${skipNote || 'no events'}`)
      return
    }
    // Undo restores every event that may be changed in the service: those confirmed, and those
    // whose answer was lost (an undo leaves alone any that turns out unchanged).
    const changed = [...result.succeeded.map((e) => e.event_ID), ...result.unconfirmed]
    const undoOffer =
      changed.length > 0
        ? {
            undo: {
              label: describeAction(action, done),
              run: () => undo(changed, before, action, describeAction(action, done)),
            },
          }
        : {}
    if (result.stopped)
      toast.info(`Stopped: ${describeAction(action, done)}`, {
        description: `${plural(result.notSent.length)} not sent${failed ? `, ${plural(failed)} failed` : ''}; see the results above the list.`,
        ...undoOffer,
      })
    else if (unconfirmed > 0)
      toast.error(`${describeAction(action, done)}; ${plural(unconfirmed)} not confirmed`, {
        description: `The service’s answer was lost for them${failed ? ` and ${plural(failed)} failed` : ''}; see the results above the list.`,
        ...undoOffer,
      })
    else if (failed === 0) toast.success(title, undoOffer)
    else if (done === 0)
      toast.error(`No events changed: ${plural(failed)} failed`, {
        description: 'They are still selected; see the results above the list.',
      })
    else
      toast.error(`${describeAction(action, done)}; ${plural(failed)} failed`, {
        description: 'The failed events are still selected; see the results above the list.',
        ...undoOffer,
      })
  }

  return { apply }
}
