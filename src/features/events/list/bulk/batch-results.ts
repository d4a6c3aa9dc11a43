import { describeStatus } from '@/api/errors'
import { isBatchItemOk, type BatchResult } from '@/api/schemas/batch-result'
import type { Event } from '@/api/schemas/event'

/** What became of one event sent in a batch. */
export interface BatchOutcome {
  eventId: number
  subject: string | null
  ok: boolean
  /** The answer was lost and the event could not be read back: it may be changed. */
  unconfirmed?: boolean
  /** The item's status as the service gave it; 0 when the service said nothing about it. */
  status: number
  /** The service's message, or a description of the status. */
  message: string
}

/** The per-item results of the last bulk change, shown above the list until dismissed. */
export interface BatchReport {
  title: string
  /** One per event sent or failed. */
  outcomes: BatchOutcome[]
  /** Events already as the change would leave them: not sent. */
  skipped?: number
  /** Events not reached: the change was stopped. */
  notSent?: number[]
  /** Applies the same change again to these events (the failed ones, or those not sent). */
  rerun?: (eventIds: number[]) => void
}

export interface BatchSummary {
  outcomes: BatchOutcome[]
  /** The sent events the service accepted. */
  succeeded: Event[]
  failed: BatchOutcome[]
}

/** The `event_ID` an answer item names, when it names one. */
function itemEventId(item: BatchResult[number]): number | null {
  const entry = item.id.find((i) => i.key.toLowerCase() === 'event_id')
  const value = typeof entry?.value === 'string' ? Number(entry.value) : entry?.value
  return typeof value === 'number' && Number.isInteger(value) ? value : null
}

/**
 * Pairs the service's per-item answers with the events sent: by the `event_ID` an item names,
 * else by position (the service answers in the order it was sent). An event no item answers for
 * counts as failed, so it stays selected for another try.
 */
export function summarizeBatch(sent: readonly Event[], result: BatchResult): BatchSummary {
  const byId = new Map<number, BatchResult[number]>()
  const unnamed = new Map<number, BatchResult[number]>()
  const sentIds = new Set(sent.map((e) => e.event_ID))
  result.forEach((item, index) => {
    const id = itemEventId(item)
    if (id !== null && sentIds.has(id) && !byId.has(id)) byId.set(id, item)
    else unnamed.set(index, item)
  })
  const outcomes = sent.map((event, index): BatchOutcome => {
    const item = byId.get(event.event_ID) ?? unnamed.get(index)
    const base = { eventId: event.event_ID, subject: event.subject ?? null }
    if (!item)
      return { ...base, ok: false, status: 0, message: 'The service did not report on this event.' }
    return {
      ...base,
      ok: isBatchItemOk(item),
      status: item.status,
      message: item.body || describeStatus(item.status),
    }
  })
  const okIds = new Set(outcomes.filter((o) => o.ok).map((o) => o.eventId))
  return {
    outcomes,
    succeeded: sent.filter((e) => okIds.has(e.event_ID)),
    failed: outcomes.filter((o) => !o.ok),
  }
}
